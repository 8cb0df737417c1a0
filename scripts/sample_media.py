"""SampleLibrary's non-JPEG files, made with the real encoders a camera roll's files come from.

Used by scripts/make-sample-library. Every still starts as the same rendered picture as the
JPEGs (a PNG without metadata), is encoded by its format's own tool, then tagged with exiftool
exactly as the spec says: HEIC by heif-enc (libheif + x265), AVIF by avifenc (libavif + aom),
WebP by cwebp, PNG, TIFF and a DNG-like TIFF by Pillow. Videos are two frames of that picture
encoded by ffmpeg (libx264) with bit-exact muxing, so only the spec's tags carry dates.

Every encoder runs single-threaded with fixed settings, so the output is byte-identical from
one run to the next for the same tool versions.
"""

import datetime
import re
import struct
import subprocess
from pathlib import Path

from PIL import Image

SCRIPTS = Path(__file__).resolve().parent
# exiftool 12.57 does not know Apple's `com.apple.quicktime.content.identifier` key yet.
EXIFTOOL_CONFIG = SCRIPTS / "exiftool-apple-keys.config"

# Debian package of every tool used below (apt-get install -y ...).
TOOLS = {
    "heif-enc": "libheif-examples",
    "avifenc": "libavif-bin",
    "cwebp": "webp",
    "ffmpeg": "ffmpeg",
}

# The tool that writes each content kind (JPEGs and TIFFs need only Pillow).
TOOL_FOR_CONTENT = {"heic": "heif-enc", "avif": "avifenc", "webp": "cwebp", "mov": "ffmpeg", "mp4": "ffmpeg"}

# An Apple maker note with MakerNoteVersion and a placeholder MediaGroupUUID (tag 0x0011): exiftool
# edits Apple maker-note tags but cannot create a maker note, so this skeleton is written as the
# MakerNotes block first and exiftool then writes the real identifier into it.
UUID_PLACEHOLDER = b"00000000-0000-0000-0000-000000000000\0"


def apple_maker_note_skeleton():
    entries = 2
    data_offset = 14 + 2 + 12 * entries + 4  # signature, version, byte order; IFD; next-IFD offset
    return (b"Apple iOS\0" + b"\x00\x01" + b"MM" + struct.pack(">H", entries)
            + struct.pack(">HHII", 0x0001, 9, 1, 14)  # MakerNoteVersion, int32s
            + struct.pack(">HHII", 0x0011, 2, len(UUID_PLACEHOLDER), data_offset)  # MediaGroupUUID
            + struct.pack(">I", 0) + UUID_PLACEHOLDER)


def run(*command):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def exiftool(*args):
    return run("exiftool", "-config", EXIFTOOL_CONFIG, *args)


# --------------------------------------------------------------------------- stills

def encode_still(content, png, scratch):
    """The PNG encoded as `content`; returns the new file's path (named so exiftool knows its type)."""
    if content == "heic":
        out = scratch / "image.heic"
        run("heif-enc", "--quality", "50", "--no-alpha", "-o", out, png)
    elif content == "avif":
        out = scratch / "image.avif"
        run("avifenc", "--jobs", "1", "--speed", "6", "--min", "30", "--max", "40",
            "--ignore-exif", "--ignore-xmp", "--ignore-icc", png, out)
    elif content == "webp":
        out = scratch / "image.webp"
        run("cwebp", "-quiet", "-q", "70", "-metadata", "none", png, "-o", out)
    elif content == "png":
        out = scratch / "image.png"
        out.write_bytes(png.read_bytes())
    elif content in ("tiff", "dng"):
        out = scratch / ("image.dng" if content == "dng" else "image.tif")
        with Image.open(png) as image:
            image.save(out, format="TIFF", compression="tiff_adobe_deflate")
    else:
        raise ValueError(f"no encoder for {content}")
    return out


def exif_text(value):
    """A spec value as exiftool is told it: coordinates with 6 decimals (as for the JPEGs)."""
    return f"{value:.6f}" if isinstance(value, float) else str(value)


def tag_still(file, exif, maker_note):
    """Strip every tag, write only the spec's EXIF tags, then the Apple maker note if any."""
    args = ["-q", "-overwrite_original", "-all="]
    args += [f"-EXIF:{tag}={exif_text(value)}" for tag, value in exif.items()]
    exiftool(*args, file)
    if maker_note:
        skeleton = file.parent / "apple-maker-note.bin"
        skeleton.write_bytes(apple_maker_note_skeleton())
        exiftool("-q", "-overwrite_original", f"-MakerNotes<={skeleton}", file)
        exiftool("-q", "-overwrite_original",
                 *[f"-MakerNotes:{tag}={value}" for tag, value in maker_note.items()], file)


# --------------------------------------------------------------------------- videos

def encode_movie(content, png, scratch, creation_time):
    """Two frames of the picture, H.264, muxed bit-exactly; `creation_time` goes into mvhd (UTC)."""
    out = scratch / ("movie.mov" if content == "mov" else "movie.mp4")
    args = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
            "-loop", "1", "-framerate", "2", "-i", png, "-frames:v", "2",
            "-c:v", "libx264", "-preset", "veryslow", "-crf", "40", "-pix_fmt", "yuv420p",
            "-threads", "1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
    if creation_time:
        datetime.datetime.strptime(creation_time, "%Y-%m-%dT%H:%M:%SZ")  # UTC, whole seconds
        args += ["-metadata", f"creation_time={creation_time}"]
    run(*args, "-f", "mov" if content == "mov" else "mp4", out)
    return out


def tag_movie(file, tags):
    """Write QuickTime tags given as `Group:Tag` (Keys, UserData...) in exiftool's -n form."""
    if tags:
        exiftool("-q", "-overwrite_original", *[f"-{tag}#={value}" for tag, value in tags.items()], file)


# --------------------------------------------------------------------------- entry points

def write_still(file, entry, png, scratch):
    """A still of the entry's content kind, tagged (`-all=` first, so an entry without tags has none)."""
    work = encode_still(entry["content"], png, scratch)
    tag_still(work, entry.get("exif") or {}, entry.get("makerNote"))
    file.write_bytes(work.read_bytes())


def write_movie(file, entry, png, scratch):
    movie = entry.get("movie") or {}
    work = encode_movie(entry["content"], png, scratch, movie.get("creationTime"))
    tag_movie(work, movie.get("tags"))
    file.write_bytes(work.read_bytes())


# --------------------------------------------------------------------------- what faver must read from a video

DATE = re.compile(r"^(\d{4}):(\d{2}):(\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2}:\d{2}|Z)?$")


def iso_time(exif_date, fraction_digits=None):
    """exiftool's `2024:05:12 14:52:06[.5][+02:00]` as faver prints it; None when zeroed/unparsable."""
    match = DATE.match(str(exif_date))
    if not match or match.group(1) == "0000":
        return None
    year, month, day, clock, fraction, offset = match.groups()
    text = f"{year}-{month}-{day}T{clock}"
    digits = fraction_digits if fraction_digits is not None else (fraction or "")[1:]
    if digits:
        text += f".{round(float('0.' + digits) * 1000):03d}"
    if offset:
        text += "+00:00" if offset == "Z" else offset
    return text


def derive_video(tags):
    """faver's reading of a MOV/MP4 from exiftool's `-G1 -n -json` tags.

    Apple's `Keys:CreationDate` (local time with offset) first, else `QuickTime:CreateDate`, the
    mvhd time, which is UTC: the spec writes it as `...Z`, faver prints it in the machine's zone.
    """
    result = {"takenAt": None, "timeSource": "fileModified", "latitude": None, "longitude": None,
              "make": tags.get("Keys:Make"), "model": tags.get("Keys:Model"), "hasProblem": False}
    if "Keys:CreationDate" in tags and iso_time(tags["Keys:CreationDate"]):
        result["takenAt"], result["timeSource"] = iso_time(tags["Keys:CreationDate"]), "quickTime"
    elif "QuickTime:CreateDate" in tags and iso_time(tags["QuickTime:CreateDate"]):
        result["takenAt"] = iso_time(tags["QuickTime:CreateDate"])[:19] + "Z"
        result["timeSource"] = "quickTime"
    if "Composite:GPSLatitude" in tags and "Composite:GPSLongitude" in tags:
        lat, lon = float(tags["Composite:GPSLatitude"]), float(tags["Composite:GPSLongitude"])
        if abs(lat) <= 90 and abs(lon) <= 180 and not (lat == 0 and lon == 0):
            result["latitude"], result["longitude"] = lat, lon
    if tags.get("ExifTool:Warning") or tags.get("ExifTool:Error"):
        result["hasProblem"] = True
    return result

// Moments, dates and places as people read them.

// The day of a UTC date in the browser's language, by its form: each form's formatter made once
// (making one costs milliseconds; a page shows dozens of dates a second while browsing).
const dayFormats = {
  title: { weekday: "short", day: "numeric", month: "long", year: "numeric" },
  tile: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  medium: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  short: { day: "numeric", month: "short" },
  monthShort: { month: "short" },
  month: { month: "long", year: "numeric" },
};
const formatters = {};
const formatDay = (date, form) =>
  (formatters[form] ||= new Intl.DateTimeFormat(undefined, { ...dayFormats[form], timeZone: "UTC" })).format(date);

// "2024-05-12T09:00:00+02:00" as the camera's wall clock: "Sun 12 May 2024, 09:00".
export function wallClock(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text || "");
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return {
    day: formatDay(date, "title"),
    time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
  };
}
// The moment's first and last times, as their cameras' clocks showed them; only the day when
// the two clocks were in different zones (a time range across zones reads wrong).
export const zoneOf = (text) => (/([+-]\d{2}:\d{2}|Z)$/.exec(text || "") || [null, ""])[1];
export function describeDates(start, end) {
  const first = wallClock(start);
  const last = wallClock(end);
  if (!first) return "Undated";
  if (!last || last.day !== first.day) return last ? `${first.day} – ${last.day}` : first.day;
  if (zoneOf(start) !== zoneOf(end)) return first.day;
  return first.time === last.time ? `${first.day}, ${first.time}` : `${first.day}, ${first.time}–${last.time}`;
}
// A moment's tile: its day, short, then its times.
export function tileLines(moment) {
  const first = wallClock(moment.start);
  const last = wallClock(moment.end);
  if (moment.boundary === "undated" || !first) return ["Undated", ""];
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(moment.start);
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  const day = formatDay(date, "tile");
  if (!last || last.day !== first.day) return [day, last ? `to ${last.day}` : ""];
  return [day, first.time === last.time || zoneOf(moment.start) !== zoneOf(moment.end) ? first.time : `${first.time}–${last.time}`];
}
export function describeMoment(moment) {
  return moment.boundary === "undated" ? "Undated" : describeDates(moment.start, moment.end);
}
// "51 photos and 2 videos", "1 photo": as the CLI counts them.
export function describeCounts(moment) {
  const count = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  const parts = [moment.photos ? count(moment.photos, "photo") : "", moment.videos ? count(moment.videos, "video") : ""];
  return parts.filter(Boolean).join(" and ") || count(moment.assets, "photo");
}

export function describePlace(moment) {
  // The place's name (GeoNames, offline), else the country, else the coordinates.
  if (moment.place) {
    const { name, country } = moment.place;
    return [name, country].filter(Boolean).join(", ");
  }
  if (moment.latitude === null || moment.latitude === undefined) return "";
  const lat = `${Math.abs(moment.latitude).toFixed(3)}° ${moment.latitude >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(moment.longitude).toFixed(3)}° ${moment.longitude >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}

// MARK: - The photo on screen

export const fileName = (asset) => asset.path.split("/").pop();

// The path below its library root ("2024/05/IMG_0001.jpg"); the whole path when it is not below it.
export function relativePath(asset) {
  const root = asset.root.endsWith("/") ? asset.root : asset.root + "/";
  return asset.path.startsWith(root) ? asset.path.slice(root.length) : asset.path;
}

// "2024-05-12T09:00:01+02:00" as the camera's clock showed it: "Sun 12 May 2024, 09:00:01"
// (`form` "long": "Sunday 12 May 2024, 09:00:01"; "short", for a phone's narrow line: "12 May,
// 09:00:01", the moment's title above it says the weekday and year). The seconds stay in every
// form: the frames of a burst are seconds apart.
export function photoTime(text, form = "medium") {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text || "");
  if (!match) return "";
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const dayText = formatDay(date, form);
  const two = (n) => String(n).padStart(2, "0");
  return `${dayText}, ${two(hour)}:${two(minute)}:${two(second)}`;
}

// Where a capture time came from, when it is not the camera's own EXIF stamp.
const timeSources = {
  xmp: "from its XMP", iptc: "from its IPTC", pngText: "from its PNG text", quickTime: "from the video",
  sidecar: "from its XMP sidecar", fileName: "from the file name", fileModified: "the file's date: no capture time",
};

// The capture time as people read it, with its zone and where it came from:
// "Sunday 12 May 2024, 09:00:01 (UTC+02:00)".
export function describeTaken(asset) {
  const time = photoTime(asset.takenAt, "long");
  if (!time) return "unknown";
  const zone = zoneOf(asset.takenAt);
  const notes = [zone ? `UTC${zone === "Z" ? "" : zone}` : "", timeSources[asset.timeSource] || ""];
  if (asset.clockShiftSeconds) notes.push("clock corrected");
  const said = notes.filter(Boolean).join("; ");
  return said ? `${time} (${said})` : time;
}

// "iPhone 15", "Canon EOS R5": the model, after the make unless the model names it already.
export function describeCamera(asset) {
  const make = asset.make || "";
  const model = asset.model || "";
  if (!model) return make;
  const brand = make.split(" ")[0].toLowerCase();
  return brand && model.toLowerCase().startsWith(brand) ? model : [make, model].filter(Boolean).join(" ");
}

export function describeCoordinate(latitude, longitude) {
  if (latitude === null || latitude === undefined) return "";
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}

// How much of the library is seen: to one decimal below 10 % (so that a short session shows),
// never rounded up; before the first photo, how many there are to see.
export function describeProgress(progress) {
  if (!progress.reviewed) return `${progress.total} photos to see`;
  if (progress.reviewed >= progress.total) return "all of your library seen";
  const percent = (100 * progress.reviewed) / progress.total;
  if (percent < 0.1) return `${progress.reviewed} of ${progress.total} photos seen`;
  const shown = percent < 10 ? (Math.floor(percent * 10) / 10).toFixed(1) : String(Math.floor(percent));
  return `${shown} % of your library seen`;
}

// "2024-05" as people read it: "May 2024" (`short`: "May").
export function describeMonth(month, style = "long") {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, number - 1, 1));
  return style === "short"
    ? formatDay(date, "monthShort")
    : formatDay(date, "month");
}

// "1/250 s · f/2.8 · ISO 400 · 50 mm": what the EXIF says of the exposure, as a camera shows it.
export function describeExposure(exposure) {
  const time = exposure.exposureTime;
  const shutter = !time ? "" : time >= 0.3 ? `${Number(time.toFixed(1))} s` : `1/${Math.round(1 / time)} s`;
  return [
    shutter,
    exposure.fNumber ? `f/${Number(exposure.fNumber.toFixed(1))}` : "",
    exposure.iso ? `ISO ${exposure.iso}` : "",
    exposure.focalLength ? `${Number(exposure.focalLength.toFixed(1))} mm` : "",
  ].filter(Boolean).join(" · ");
}

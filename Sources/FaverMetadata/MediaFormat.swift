package import FaverCore

/// A file format recognised from its first bytes, never from its name.
package enum MediaFormat: String, Codable, Sendable, CaseIterable {
  case jpeg, png, webp, tiff, heif, avif, cr3, quickTime, mp4
  /// Fujifilm RAF, Minolta MRW, Sigma/Foveon X3F, Canon CRW (CIFF): raw formats with their own
  /// containers (the TIFF-based raws are `tiff`).
  case raf, mrw, x3f, crw

  package var kind: MediaKind {
    switch self {
    case .quickTime, .mp4: .video
    default: .photo
    }
  }

  /// The format whose signature `head` starts with, or nil for anything else.
  package static func sniff(_ head: [UInt8]) -> MediaFormat? {
    func at(_ offset: Int, _ signature: [UInt8]) -> Bool {
      head.count >= offset + signature.count
        && head[offset..<offset + signature.count].elementsEqual(signature)
    }
    if at(0, [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if at(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if at(0, Array("RIFF".utf8)), at(8, Array("WEBP".utf8)) { return .webp }
    if at(0, [0x49, 0x49, 0x2A, 0x00]) || at(0, [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
    // Olympus ORF and Panasonic RW2 are TIFF with their own magic numbers.
    if at(0, [0x49, 0x49, 0x52, 0x4F]) || at(0, [0x49, 0x49, 0x55, 0x00]) { return .tiff }
    if at(0, Array("FUJIFILMCCD-RAW".utf8)) { return .raf }
    if at(0, [0x00, 0x4D, 0x52, 0x4D]) { return .mrw }  // "\0MRM"
    if at(0, Array("FOVb".utf8)) { return .x3f }
    if at(0, [0x49, 0x49]) || at(0, [0x4D, 0x4D]), at(6, Array("HEAPCCDR".utf8)) { return .crw }
    if at(4, Array("ftyp".utf8)), head.count >= 12 { return isoBrand(head) }
    // Old QuickTime files can start with other atoms before any `ftyp`.
    for atom in ["moov", "mdat", "wide", "free", "skip", "pnot"] where at(4, Array(atom.utf8)) {
      return .quickTime
    }
    return nil
  }

  /// Classifies an ISO base media file by its major and compatible brands.
  private static func isoBrand(_ head: [UInt8]) -> MediaFormat? {
    let boxSize = ByteReader(head, order: .bigEndian).u32(at: 0) ?? 0
    let end = min(head.count, max(16, boxSize))
    var brands: [String] = []
    var offset = 8
    while offset + 4 <= end {
      if offset != 12 { brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self)) }
      offset += 4
    }
    let major = brands.first ?? ""
    if major == "crx " { return .cr3 }
    if ["avif", "avis"].contains(major) { return .avif }
    if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"].contains(major) {
      return brands.contains("avif") && !brands.contains("heic") ? .avif : .heif
    }
    if major == "qt  " { return .quickTime }
    let videoBrands = [
      "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VP",
      "3gp4", "3gp5", "3gp6", "3g2a", "3g2b", "3g2c", "MSNV", "XAVC", "dash", "f4v ",
    ]
    if videoBrands.contains(major) || brands.contains(where: videoBrands.contains) { return .mp4 }
    return nil
  }
}

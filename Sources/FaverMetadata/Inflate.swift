import CZlib

/// A zlib stream's bytes (RFC 1950 around RFC 1951's deflate), for the compressed text chunks of
/// a PNG (`zTXt`, a compressed `iTXt`), through the system's zlib. This is the only file that
/// imports CZlib; no pointer leaves it.
enum Inflate {
  /// The inflated bytes of `stream`, nil when it is not a zlib stream, is malformed, is cut short,
  /// or would inflate to more than `limit` bytes.
  static func zlib(_ stream: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
    guard !stream.isEmpty, limit > 0 else { return nil }
    var z = z_stream()
    guard faver_inflate_init(&z) == Z_OK else { return nil }
    defer { inflateEnd(&z) }
    var output = [UInt8](repeating: 0, count: min(limit, max(4096, stream.count * 4)))
    let status: Int32? = stream.withUnsafeBufferPointer { input -> Int32? in
      z.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      z.avail_in = UInt32(input.count)
      while true {
        let produced = Int(z.total_out)
        if produced == output.count {
          guard output.count < limit else { return nil }  // more than `limit`
          output += [UInt8](repeating: 0, count: min(limit, output.count * 2) - output.count)
        }
        let code = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
          z.next_out = buffer.baseAddress.map { $0 + produced }
          z.avail_out = UInt32(buffer.count - produced)
          return inflate(&z, Z_NO_FLUSH)
        }
        switch code {
        case Z_STREAM_END: return code
        case Z_OK: continue
        case Z_BUF_ERROR where z.avail_in == 0: return nil  // cut short
        case Z_BUF_ERROR: continue  // no room: the loop grows the output
        default: return nil  // a damaged stream, a dictionary asked for
        }
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(z.total_out)))
  }
}

import NIOCore

/// The `Host` of a request, parsed strictly: `localhost`, an IPv4 address (four decimal parts of
/// 0–255) or an IPv6 address in brackets, then nothing or `:` and a port of 1–5 digits up to
/// 65535. Anything else (`localhost:1@evil.example`, `[::1]evil.example`, an empty host, a DNS
/// name) is no local host: a page on a DNS name that rebinds to this machine cannot pass.
struct RequestHost: Equatable {
  /// `localhost`, `127.0.0.1` or `[::1]`, lowercased.
  var name: String
  var port: Int?

  init?(_ authority: String) {
    let text = authority.lowercased()
    let rest: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      let address = text[text.index(after: text.startIndex)..<close]
      guard address.contains(":"), address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
        (try? SocketAddress(ipAddress: String(address), port: 0)) != nil
      else { return nil }
      name = String(text[...close])
      rest = text[text.index(after: close)...]
    } else {
      let end = text.firstIndex(of: ":") ?? text.endIndex
      let host = text[..<end]
      guard host == "localhost" || Self.isIPv4(host) else { return nil }
      name = String(host)
      rest = text[end...]
    }
    if rest.isEmpty {
      port = nil
    } else {
      let digits = rest.dropFirst()
      guard rest.first == ":", (1...5).contains(digits.count),
        digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(digits), number <= 65535
      else { return nil }
      port = number
    }
  }

  /// Four parts of 1–3 ASCII digits, each at most 255.
  private static func isIPv4(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
          && (Int(part) ?? 256) <= 255
      }
  }
}

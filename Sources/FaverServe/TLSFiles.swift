public import Foundation
import NIOSSL

/// HTTPS for `faver serve --tls-cert FILE --tls-key FILE`: a certificate chain and its private
/// key in PEM (what `tailscale cert` and `mkcert` write), read when the server starts.
public struct TLSFiles: Sendable, Equatable {
  public var certificate: URL
  public var key: URL

  public init(certificate: URL, key: URL) {
    self.certificate = certificate
    self.key = key
  }

  /// The server's TLS configuration; `TLSFilesError` when a file cannot be read as PEM.
  func configuration() throws -> TLSConfiguration {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificate.path)
    } catch {
      throw TLSFilesError.unreadableCertificate(path: certificate.path)
    }
    guard !chain.isEmpty else { throw TLSFilesError.unreadableCertificate(path: certificate.path) }
    let privateKey: NIOSSLPrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(file: key.path, format: .pem)
    } catch {
      throw TLSFilesError.unreadableKey(path: key.path)
    }
    return TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
  }

  /// Checks now, before the server starts, that both files can be read.
  public func validate() throws { _ = try configuration() }

  /// The DNS names the certificate is for (`machine.tailnet.ts.net`), lowercased, wildcards
  /// left out: the names a `Host` header may give under HTTPS, where a name that rebinds to this
  /// machine gets a certificate the browser refuses.
  public func dnsNames() -> [String] {
    guard let leaf = try? NIOSSLCertificate.fromPEMFile(certificate.path).first else { return [] }
    return leaf._subjectAlternativeNames().compactMap { name -> String? in
      guard name.nameType == .dnsName else { return nil }
      let text = name.contents.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }.lowercased()
      return text.hasPrefix("*") || text.isEmpty ? nil : text
    }
  }
}

/// Why HTTPS could not be set up.
public enum TLSFilesError: Error, Equatable, CustomStringConvertible {
  case unreadableCertificate(path: String)
  case unreadableKey(path: String)

  public var description: String {
    switch self {
    case .unreadableCertificate(let path):
      "Cannot read a PEM certificate in \(path); give --tls-cert the certificate file `tailscale cert` or `mkcert` wrote."
    case .unreadableKey(let path):
      "Cannot read a PEM private key in \(path); give --tls-key the key file written with that certificate."
    }
  }
}

import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FaverServe

/// The page's script is ES modules: every `.js` file in `Page/` is one of `PageFiles.modules`,
/// every module another imports (`from "./name.js"`) is served, and each is served as
/// `text/javascript` (a module of another type is refused by the browser).
@Test func everyModuleOfThePageIsServedAsJavaScript() async throws {
  let folder = ServeWorkspace.package.appendingPathComponent("Sources/FaverServe/Page")
  let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
  #expect(Set(names) == Set(PageFiles.modules))
  for name in names {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    let imported = text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("import "), let from = line.range(of: "from \"./") else { return nil }
      return String(line[from.upperBound...].prefix { $0 != "\"" })
    }
    for module in imported {
      #expect(PageFiles.modules.contains(module), "\(name) imports \(module), which is not served")
    }
  }
  let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
  #expect(html.contains(#"<script type="module" src="/page/app.js">"#))
  let workspace = try ServeWorkspace()
  try await workspace.withClient(signedIn: false) { client in
    for name in PageFiles.modules {
      try await client.execute(uri: "/page/" + name, method: .get) { response in
        #expect(response.status == .ok, "\(name)")
        #expect(response.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
      }
    }
  }
}

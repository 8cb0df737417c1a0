import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "devices",
      abstract: "List the devices paired with `faver serve --lan`, or end one.",
      discussion: """
        A device (a phone) pairs by opening the link `faver serve --lan` prints. --revoke ends one \
        at once, also for a server that is running: its next request shows the pairing page.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Option(
      help: ArgumentHelp("End the device with this name, or every device with `all`.", valueName: "name"))
    var revoke: String?

    /// One device in `devices --json`.
    struct Entry: Encodable {
      var name: String
      var pairedAt: String
      var lastSeen: String
    }

    func validate() throws {
      if revoke?.isEmpty == true { throw ValidationError("--revoke needs a device's name, or all.") }
      if revoke != nil && json { throw ValidationError("--revoke prints no list: leave out --json.") }
    }

    func run() throws {
      let library = storeOptions.library()
      if let revoke {
        if revoke == "all" {
          let count = try library.revokeAllDevices()
          print("Revoked \(count.counted("device")); pair again with `faver serve --lan`.")
        } else {
          try library.revokeDevice(named: revoke)
          print("Revoked \(Terminal.escaped(revoke)).")
        }
        return
      }
      let devices = try library.pairedDevices()
      let formatter = ISO8601DateFormatter()
      if json {
        print(
          try Output.json(
            devices.map {
              Entry(
                name: $0.name, pairedAt: formatter.string(from: $0.pairedAt),
                lastSeen: formatter.string(from: $0.lastSeen))
            }))
        return
      }
      if devices.isEmpty {
        print("No device is paired; `faver serve --lan` prints a link that pairs one.")
        return
      }
      for device in devices {
        print(
          "\(Terminal.escaped(device.name))  paired \(formatter.string(from: device.pairedAt))  "
            + "last seen \(formatter.string(from: device.lastSeen))")
      }
    }
  }
}

extension Asset {
  /// The camera as a person names it and `faver clock --camera` takes it: the model (with the make
  /// in front unless the model already starts with it), then `#` and the serial number when the
  /// file gives one. `Canon EOS 5D Mark IV #012345`, `Apple iPhone 12`. Nil when the file names
  /// neither make nor model.
  public var camera: String? { Self.camera(make: make, model: model, serial: serial) }

  /// The camera of a file that names `make`, `model` and `serial` (see `camera`).
  package static func camera(make: String?, model: String?, serial: String?) -> String? {
    let make = make?.trimmingSpaces ?? ""
    let model = model?.trimmingSpaces ?? ""
    var name: String
    if model.isEmpty {
      name = make
    } else if make.isEmpty
      || model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first ?? "")
    {
      name = model
    } else {
      name = make + " " + model
    }
    guard !name.isEmpty else { return nil }
    if let serial = serial?.trimmingSpaces, !serial.isEmpty { name += " #" + serial }
    return name
  }

  /// `camera` without the serial number, when it has one: the name a correction made before the
  /// serial was known (or for every body of a model) goes by.
  public var cameraModel: String? { Self.cameraModel(make: make, model: model, serial: serial) }

  /// The camera model of a file that names `make`, `model` and `serial` (see `cameraModel`).
  package static func cameraModel(make: String?, model: String?, serial: String?) -> String? {
    guard let serial = serial?.trimmingSpaces, !serial.isEmpty,
      let camera = camera(make: make, model: model, serial: serial)
    else { return nil }
    return String(camera.dropLast(serial.count + 2))
  }
}

extension String {
  /// Without spaces and NULs at either end (EXIF text is often padded).
  fileprivate var trimmingSpaces: String {
    let kept = { (c: Character) in c != " " && c != "\0" && c != "\t" }
    guard let first = firstIndex(where: kept), let last = lastIndex(where: kept) else { return "" }
    return String(self[first...last])
  }
}

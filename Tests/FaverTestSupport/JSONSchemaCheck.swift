import Foundation

/// Checks a decoded JSON value against the parts of JSON Schema faver's schemas use: type,
/// required, additionalProperties, enum, const, minimum, minItems, properties and items.
public enum JSONSchemaCheck {
  /// One line per violation; empty when `value` conforms.
  public static func violations(of value: Any, against schema: [String: Any], at path: String = "$")
    -> [String]
  {
    var found: [String] = []
    if let allowed = schema["enum"] as? [String], !allowed.contains(value as? String ?? "") {
      found.append("\(path): \(value) not in \(allowed)")
    }
    if let constant = schema["const"] as? NSObject, (value as? NSObject) != constant {
      found.append("\(path): \(value) is not \(constant)")
    }
    if let minimum = schema["minimum"] as? Double, let number = value as? Double, number < minimum {
      found.append("\(path): \(number) < \(minimum)")
    }
    switch schema["type"] as? String {
    case "object":
      guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
      let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): missing \(key)")
      }
      for (key, child) in object.sorted(by: { $0.key < $1.key }) {
        if let childSchema = properties[key] {
          found += violations(of: child, against: childSchema, at: "\(path).\(key)")
        } else if schema["additionalProperties"] as? Bool == false {
          found.append("\(path): unexpected \(key)")
        }
      }
    case "array":
      guard let array = value as? [Any] else { return ["\(path): not an array"] }
      if let minItems = schema["minItems"] as? Int, array.count < minItems {
        found.append("\(path): fewer than \(minItems) items")
      }
      let items = schema["items"] as? [String: Any] ?? [:]
      for (index, child) in array.enumerated() {
        found += violations(of: child, against: items, at: "\(path)[\(index)]")
      }
    case "string" where !(value is String): found.append("\(path): not a string")
    case "integer" where !(value is Int): found.append("\(path): not an integer")
    case "number" where !(value is NSNumber): found.append("\(path): not a number")
    default: break
    }
    return found
  }
}

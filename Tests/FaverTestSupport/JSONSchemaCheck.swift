import Foundation

/// Checks a decoded JSON value against the parts of JSON Schema faver's schemas use: type (one or
/// a list), required, additionalProperties, enum, const, minimum, maximum, minItems, pattern,
/// properties, items, oneOf and `$ref` to `#/$defs/NAME`.
public enum JSONSchemaCheck {
  /// One line per violation; empty when `value` conforms.
  public static func violations(of value: Any, against schema: [String: Any]) -> [String] {
    violations(of: value, against: schema, root: schema, at: "$")
  }

  private static func violations(
    of value: Any, against schema: [String: Any], root: [String: Any], at path: String
  )
    -> [String]
  {
    if let reference = schema["$ref"] as? String {
      let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
      guard let target = (root["$defs"] as? [String: Any])?[name] as? [String: Any] else {
        return ["\(path): unresolved \(reference)"]
      }
      return violations(of: value, against: target, root: root, at: path)
    }
    if let choices = schema["oneOf"] as? [[String: Any]] {
      let matching = choices.filter { violations(of: value, against: $0, root: root, at: path).isEmpty }
      return matching.count == 1 ? [] : ["\(path): matches \(matching.count) of oneOf, not 1"]
    }
    if value is NSNull {
      let types = schema["type"] as? [String] ?? [schema["type"] as? String].compactMap { $0 }
      return types.contains("null") ? [] : ["\(path): null"]
    }
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
    if let maximum = schema["maximum"] as? Double, let number = value as? Double, number > maximum {
      found.append("\(path): \(number) > \(maximum)")
    }
    if let pattern = schema["pattern"] as? String, let text = value as? String,
      text.range(of: pattern, options: .regularExpression) == nil
    {
      found.append("\(path): \(text) does not match \(pattern)")
    }
    let type = schema["type"] as? String ?? (schema["type"] as? [String])?.first { $0 != "null" }
    switch type {
    case "object":
      guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
      let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): missing \(key)")
      }
      for (key, child) in object.sorted(by: { $0.key < $1.key }) {
        if let childSchema = properties[key] {
          found += violations(of: child, against: childSchema, root: root, at: "\(path).\(key)")
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
        found += violations(of: child, against: items, root: root, at: "\(path)[\(index)]")
      }
    case "string" where !(value is String): found.append("\(path): not a string")
    case "integer" where !(value is Int): found.append("\(path): not an integer")
    case "number" where !(value is NSNumber): found.append("\(path): not a number")
    case "null": found.append("\(path): not null")
    case "boolean" where !(value is Bool):
      found.append("\(path): not a boolean")
    default: break
    }
    return found
  }
}

/// A property faver writes, known by its namespace and name (never by a prefix, which each file
/// chooses), and the values it writes for each state.
struct XMPProperty: Hashable, Sendable {
  var namespace: String
  var name: String
  /// The prefix a declaration faver adds uses, unless the file binds it to something else.
  var preferredPrefix: String
  /// The value written for a state; a state without one removes the property.
  var written: [SidecarState: Int]
  /// Whether `.neither` keeps a value faver does not write (a person's 3 stars) or removes the
  /// property whatever it holds.
  var keepsOtherValues: Bool

  /// In the order `state(in:)` asks them, and in which new attributes are written.
  static let all = [rating, pickLabel, favorite]

  static let rating = XMPProperty(
    namespace: "http://ns.adobe.com/xap/1.0/", name: "Rating", preferredPrefix: "xmp",
    written: [.favorite: 5, .rejected: -1], keepsOtherValues: true)
  /// F-Stop's favorite flag, which others read too.
  static let favorite = XMPProperty(
    namespace: "http://www.fstopapp.com/xmp/", name: "favorite", preferredPrefix: "fstop",
    written: [.favorite: 1], keepsOtherValues: false)
  /// digiKam's pick label: 1 rejected, 2 pending, 3 accepted.
  static let pickLabel = XMPProperty(
    namespace: "http://www.digikam.org/ns/1.0/", name: "PickLabel", preferredPrefix: "digiKam",
    written: [.favorite: 3, .rejected: 1], keepsOtherValues: true)

  /// What a value says of the photo: `5.0` is 5; a value faver does not write says nothing.
  func state(of value: String) -> SidecarState? {
    guard let number = Self.number(value) else { return nil }
    return written.first { $0.value == number }?.key
  }

  /// Whether `state` has this property removed when it holds `value`.
  func removes(_ value: String, for state: SidecarState) -> Bool {
    written[state] == nil && (!keepsOtherValues || self.state(of: value) != nil)
  }

  /// An integral number, surrounding whitespace allowed; nil otherwise.
  static func number(_ value: String) -> Int? {
    let words = value.split(whereSeparator: \.isWhitespace)
    guard words.count == 1, let number = Double(words[0]), number == number.rounded(), abs(number) < 1_000_000
    else { return nil }
    return Int(number)
  }
}

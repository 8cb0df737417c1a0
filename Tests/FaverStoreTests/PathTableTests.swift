import Testing

@testable import FaverStore

@Test func aPathTableFindsWhatItHoldsAndNothingElse() {
  var table = PathTable<Int>()
  // Lengths around the hash's eight-byte steps, shared prefixes, an empty path, non-ASCII names.
  let paths =
    ["", "a", "a.jpg", "2024/01/IMG_0001.jpg", "2024/01/IMG_0002.jpg", "2024/01/IMG_0001.jpgx", "été/é.heic"]
    + (0..<5000).map { "folder \($0 % 37)/IMG_\($0).JPG" }
  for (value, path) in paths.enumerated() { table.insert(value, for: path) }
  #expect(table.count == paths.count)
  for (value, path) in paths.enumerated() { #expect(table[path] == value) }
  for absent in ["b", "2024/01/IMG_0003.jpg", "2024/01/IMG_0001.jp", "folder 1/IMG_5000.JPG", "ete/e.heic"] {
    #expect(table[absent] == nil)
  }
  #expect(table.paths == paths)
}

@Test func aPathTableComparesBytesNotCanonicalEquivalence() {
  // "é" precomposed and decomposed: two names on a file system, equal as Swift strings.
  var table = PathTable<Int>()
  table.insert(1, for: "caf\u{E9}.jpg")
  #expect(table["cafe\u{301}.jpg"] == nil)
  table.insert(2, for: "cafe\u{301}.jpg")
  #expect(table.count == 2)
  #expect(table["caf\u{E9}.jpg"] == 1)
}

@Test func insertingAPathAgainReplacesItsValueAndClearsItsMark() throws {
  var table = PathTable<String>(minimumCapacity: 4)
  table.insert("old", for: "a.jpg")
  let index = try #require(table.index(of: "a.jpg"))
  let marked = table.mark(index)
  #expect(marked)
  table.insert("new", for: "a.jpg")
  #expect(table.count == 1)
  #expect(table["a.jpg"] == "new")
  #expect(table.unmarkedPaths == ["a.jpg"])
}

@Test func onlyUnmarkedPathsAreLeftAndAnEntryIsMarkedOnce() throws {
  var table = PathTable<Int>()
  for number in 0..<100 { table.insert(number, for: "p\(number).jpg") }
  for number in stride(from: 0, to: 100, by: 3) {
    let index = try #require(table.index(of: "p\(number).jpg"))
    #expect(table[at: index] == number)
    let (first, second) = (table.mark(index), table.mark(index))
    #expect(first && !second)
  }
  let left = (0..<100).filter { $0 % 3 != 0 }.map { "p\($0).jpg" }
  #expect(table.unmarkedPaths == left)
}

@Test func appendedPathsAreFoundBeforeAndAfterTheyAreIndexed() {
  var table = PathTable<Int>()
  table.insert(0, for: "first.jpg")
  let paths = (1..<300).map { "d\($0 % 7)/\($0).jpg" }
  for (value, path) in zip(1..., paths) { appendPath(path, value, to: &table) }
  // Not indexed yet: looked for one by one.
  #expect(table.index(of: "d3/10.jpg") == 10)
  #expect(table.index(of: "d3/300.jpg") == nil)
  table.indexAppended()
  for (value, path) in zip(1..., paths) { #expect(table.index(of: path) == value) }
  #expect(table.index(of: "first.jpg") == 0)
  #expect(table.count == 300)
}

@Test(arguments: [0, 1, 2]) func findAgreesWithALookupInAnyOrder(order: Int) {
  var table = PathTable<Int>()
  let paths = (0..<500).map { "2024/\($0 / 50)/IMG_\($0).JPG" }
  for (value, path) in paths.enumerated() { appendPath(path, value, to: &table) }
  if order == 1 { table.indexAppended() }
  // In order, reversed, and in order with absent paths and skips between.
  let asked: [String] =
    switch order {
    case 0: paths
    case 1: paths.reversed()
    default: paths.enumerated().flatMap { $0.offset % 3 == 0 ? ["new/\($0.offset).JPG"] : [$0.element] }
    }
  for path in asked {
    let expected = paths.firstIndex(of: path)
    #expect(table.find(path) == expected)
  }
}

private func appendPath(_ path: String, _ value: Int, to table: inout PathTable<Int>) {
  var path = path
  path.withUTF8 { table.append(value, forBytes: $0) }
}

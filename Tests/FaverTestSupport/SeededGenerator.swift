public import SeededRandom

/// The seeded generator of `SeededRandom`, for test files that import only this support target.
public typealias SeededGenerator = SeededRandom.SeededGenerator

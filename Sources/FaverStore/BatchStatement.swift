import GRDB
import GRDBSQLite

/// One prepared statement run many times inside a write transaction, its values bound straight
/// to SQLite. GRDB's `StatementArguments` convert every value through unspecialized generics:
/// measured with callgrind, that cost about 30,000 instructions per indexed file, more than the
/// SQLite inserts themselves. Text is copied once into a buffer that stays put until the run
/// (SQLite would copy each string into a heap block of its own). With `ColumnCursor.swift` (which
/// reads rows), FaverStore's only direct use of the SQLite C API, here for statements that return
/// no rows.
struct BatchStatement {
  private let statement: Statement
  private let connection: SQLiteConnection?
  private let parameters: CInt
  private let text = BoundText()
  private var count: CInt = 0
  private var bindFailure: CInt = SQLITE_OK

  init(_ db: Database, sql: String) throws {
    statement = try db.cachedStatement(sql: sql)
    connection = db.sqliteConnection
    parameters = sqlite3_bind_parameter_count(statement.sqliteStatement)
  }

  mutating func bind(_ value: Int64) { check(sqlite3_bind_int64(statement.sqliteStatement, next(), value)) }
  mutating func bind(_ value: Double) { check(sqlite3_bind_double(statement.sqliteStatement, next(), value)) }
  /// As GRDB stores it: 0 or 1.
  mutating func bind(_ value: Bool) { bind(Int64(value ? 1 : 0)) }

  mutating func bind(_ value: String) {
    let index = next()
    let code =
      value.utf8.withContiguousStorageIfAvailable { utf8 in
        if let copy = text.keep(utf8) {
          return sqlite3_bind_text(statement.sqliteStatement, index, copy, CInt(utf8.count), nil)
        }
        return sqlite3_bind_text(
          statement.sqliteStatement, index,
          utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
          CInt(utf8.count), Self.transient)
      } ?? sqlite3_bind_text(statement.sqliteStatement, index, value, -1, Self.transient)
    check(code)
  }

  /// Text given as its UTF-8 bytes, which need stay put only for the call.
  mutating func bind(utf8: UnsafeBufferPointer<UInt8>) {
    let index = next()
    let code =
      if let copy = text.keep(utf8) {
        sqlite3_bind_text(statement.sqliteStatement, index, copy, CInt(utf8.count), nil)
      } else {
        sqlite3_bind_text(
          statement.sqliteStatement, index,
          utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, CInt(utf8.count),
          Self.transient)
      }
    check(code)
  }

  /// A blob given as its bytes, which SQLite copies.
  mutating func bind(bytes: UnsafeRawBufferPointer) {
    check(
      sqlite3_bind_blob(
        statement.sqliteStatement, next(), bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
        CInt(bytes.count), Self.transient))
  }

  mutating func bind(_ value: Int?) {
    if let value { bind(Int64(value)) } else { bindNull() }
  }

  mutating func bind(_ value: Double?) {
    if let value { bind(value) } else { bindNull() }
  }

  mutating func bind(_ value: String?) {
    if let value { bind(value) } else { bindNull() }
  }

  /// Runs the statement with the values bound since the last run, then makes it ready for the
  /// next ones.
  mutating func run() throws {
    let sqlite = statement.sqliteStatement
    defer {
      sqlite3_reset(sqlite)
      sqlite3_clear_bindings(sqlite)
      text.clear()  // only now: SQLite read the text in place until here
      count = 0
      bindFailure = SQLITE_OK
    }
    guard count == parameters, bindFailure == SQLITE_OK else {
      throw DatabaseError(
        resultCode: bindFailure == SQLITE_OK ? .SQLITE_MISUSE : ResultCode(rawValue: bindFailure),
        message: "\(count) values bound for \(parameters) parameters", sql: statement.sql)
    }
    let code = sqlite3_step(sqlite)
    guard code == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
        sql: statement.sql)
    }
  }

  private mutating func bindNull() { check(sqlite3_bind_null(statement.sqliteStatement, next())) }

  private mutating func next() -> CInt {
    count += 1
    return count
  }

  private mutating func check(_ code: CInt) {
    if code != SQLITE_OK, bindFailure == SQLITE_OK { bindFailure = code }
  }

  /// SQLite's SQLITE_TRANSIENT, a macro Swift cannot see: copy the value before returning.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// Text bound until the statement runs, in one buffer reused run after run.
private final class BoundText {
  private let bytes: UnsafeMutablePointer<CChar>
  private let capacity = 64 * 1024
  private var used = 0

  init() { bytes = .allocate(capacity: capacity) }
  deinit { bytes.deallocate() }

  /// A copy of `utf8` that stays put until `clear`; nil when the buffer is full (the caller then
  /// has SQLite copy it).
  func keep(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
    guard used + utf8.count <= capacity else { return nil }
    let copy = bytes + used
    if let source = utf8.baseAddress {
      UnsafeMutableRawPointer(copy).copyMemory(from: source, byteCount: utf8.count)
    }
    used += utf8.count
    return UnsafePointer(copy)
  }

  func clear() { used = 0 }
}

import GRDB
import GRDBSQLite

/// A SELECT stepped a row at a time, its columns read straight from SQLite by position. GRDB's
/// `Row` decodes each value through unspecialized generics (and `Row.fetchAll` builds a
/// dictionary of column names per row): reading a million joined rows cost it more than SQLite's
/// own work. With `BatchStatement.swift`, the only file of FaverStore that calls the SQLite C API.
/// Runs inside the transaction that made it; the statement is reset when the cursor is done.
struct ColumnCursor: ~Copyable {
  private let statement: Statement
  private let connection: SQLiteConnection?
  private var done = false

  /// A cursor over `sql`, with `arguments` bound (nil: none yet, `restart` binds them), before
  /// its first row.
  init(_ db: Database, sql: String, arguments: StatementArguments? = nil) throws {
    let statement = try db.makeStatement(sql: sql)
    if let arguments { try statement.setArguments(arguments) }
    (self.statement, connection) = (statement, db.sqliteConnection)
  }

  /// A cursor over `sql` prepared once per connection (see `Database.cachedStatement`), no
  /// values bound yet (`restart` binds them): for a lookup asked many times.
  init(cached db: Database, sql: String) throws {
    (statement, connection) = (try db.cachedStatement(sql: sql), db.sqliteConnection)
    done = true
  }

  deinit { sqlite3_reset(statement.sqliteStatement) }

  /// Runs the statement again, before its first row, with `arguments` bound.
  mutating func restart(_ arguments: StatementArguments) throws {
    sqlite3_reset(statement.sqliteStatement)
    done = false
    try statement.setArguments(arguments)
  }

  /// Runs the statement of one parameter again, before its first row, with `text` bound to it
  /// (straight to SQLite: GRDB's arguments cost more than a lookup by key).
  mutating func restart(text: String) throws {
    sqlite3_reset(statement.sqliteStatement)
    done = false
    var text = text
    let code = text.withUTF8 { utf8 in
      sqlite3_bind_text(
        statement.sqliteStatement, 1,
        utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
        CInt(utf8.count), Self.transient)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
        sql: statement.sql)
    }
  }

  /// Runs the statement of one parameter again, before its first row, with `value` bound to it.
  mutating func restart(int value: Int64) throws {
    sqlite3_reset(statement.sqliteStatement)
    done = false
    let code = sqlite3_bind_int64(statement.sqliteStatement, 1, value)
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
        sql: statement.sql)
    }
  }

  /// SQLite copies a value bound with it.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Moves to the next row; false when there is none.
  mutating func next() throws -> Bool {
    guard !done else { return false }
    let code = sqlite3_step(statement.sqliteStatement)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE:
      done = true
      return false
    default:
      done = true
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
        sql: statement.sql)
    }
  }

  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(statement.sqliteStatement, column) == SQLITE_NULL
  }

  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.sqliteStatement, column) }

  func int(_ column: Int32) -> Int { Int(int64(column)) }

  /// As GRDB reads a boolean: any integer but 0 is true.
  func bool(_ column: Int32) -> Bool { int64(column) != 0 }

  func double(_ column: Int32) -> Double { sqlite3_column_double(statement.sqliteStatement, column) }

  /// The text of the column (NULL reads as empty) as GRDB decodes it: up to its first NUL, with
  /// ill-formed UTF-8 repaired.
  func string(_ column: Int32) -> String {
    guard let text = sqlite3_column_text(statement.sqliteStatement, column) else { return "" }
    return String(cString: text)
  }

  /// `body` of the column's text as UTF-8 bytes (NULL: none), which live only as long as `body`
  /// runs.
  func text<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    // The text first, then its length (SQLite's rule for a value it converts).
    guard let text = sqlite3_column_text(statement.sqliteStatement, column) else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let count = Int(sqlite3_column_bytes(statement.sqliteStatement, column))
    return try body(UnsafeBufferPointer(start: text, count: count))
  }

  /// The column's text as UTF-8 bytes, nil when it is NULL, read where SQLite holds them: valid
  /// until the cursor moves or the column is read as another type. For writing the bytes
  /// straight out (`assets --json`), with no `String` in between.
  func unsafeText(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    // The text first, then its length (SQLite's rule for a value it converts).
    guard let text = sqlite3_column_text(statement.sqliteStatement, column) else { return nil }
    return UnsafeBufferPointer(
      start: text, count: Int(sqlite3_column_bytes(statement.sqliteStatement, column)))
  }

  /// `body` of the column's bytes (a blob; NULL: none), which live only as long as `body` runs.
  func blob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    // The bytes first, then their count (SQLite's rule for a value it converts).
    guard let bytes = sqlite3_column_blob(statement.sqliteStatement, column) else {
      return try body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    return try body(
      UnsafeRawBufferPointer(
        start: bytes, count: Int(sqlite3_column_bytes(statement.sqliteStatement, column))))
  }

  func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
  func optionalBool(_ column: Int32) -> Bool? { isNull(column) ? nil : bool(column) }
  func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
  func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
}

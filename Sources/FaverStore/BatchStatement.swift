import GRDB
import GRDBSQLite

/// One prepared statement run many times inside a write transaction, its values bound straight
/// to SQLite. GRDB's `StatementArguments` convert every value through unspecialized generics:
/// measured with callgrind, that cost about 30,000 instructions per indexed file, more than the
/// SQLite inserts themselves; binding here costs about a tenth of it. This file is FaverStore's
/// only direct use of the SQLite C API, and only for statements that return no rows.
struct BatchStatement {
  private let statement: Statement
  private let connection: SQLiteConnection?
  private let parameters: CInt
  private var count: CInt = 0
  private var bindFailure: CInt = SQLITE_OK

  init(_ db: Database, sql: String) throws {
    statement = try db.cachedStatement(sql: sql)
    connection = db.sqliteConnection
    parameters = sqlite3_bind_parameter_count(statement.sqliteStatement)
  }

  /// Binds the next `?` of the statement (nil binds NULL).
  mutating func bind(_ value: some StatementBinding) {
    count += 1
    let code = value.bind(to: statement.sqliteStatement, at: count)
    if code != SQLITE_OK, bindFailure == SQLITE_OK { bindFailure = code }
  }

  /// Runs the statement with the values bound since the last run, then makes it ready for the
  /// next ones.
  mutating func run() throws {
    let sqlite = statement.sqliteStatement
    defer {
      sqlite3_reset(sqlite)
      sqlite3_clear_bindings(sqlite)
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
}

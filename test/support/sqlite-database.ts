/**
 * An SQLite database for tests through better-sqlite3, which runs in-process (so SQLite tests run
 * in the main suite): in memory, or in a file of a temporary folder when a test needs a second
 * connection to the same database (concurrent writers). `close()` closes every connection it
 * opened and deletes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

/** An open database. */
export interface SqliteDatabase {
  /** The first connection. */
  readonly db: Database.Database;
  /** The file, or `:memory:`. */
  readonly path: string;
  /** Another connection to the same file (closed by `close()`); throws for a database in memory. */
  connect(): Database.Database;
  /** Closes every connection and deletes the temporary folder. */
  close(): void;
}

/** Opens a database in memory, or in a temporary file with `{ file: true }` (WAL journal). */
export function openSqlite(options: { file?: boolean } = {}): SqliteDatabase {
  const dir = options.file ? mkdtempSync(join(tmpdir(), "pagewise-sqlite-")) : undefined;
  const path = dir === undefined ? ":memory:" : join(dir, "test.db");
  const connections: Database.Database[] = [];
  const connect = () => {
    if (dir === undefined) throw new Error("a database in memory has one connection");
    const db = new Database(path);
    connections.push(db);
    return db;
  };
  const db = new Database(path);
  connections.push(db);
  if (dir !== undefined) db.pragma("journal_mode = WAL");
  return {
    db,
    path,
    connect,
    close: () => {
      for (const connection of connections) connection.close();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

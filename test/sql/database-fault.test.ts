/**
 * A driver's error read as the 503 problem: a database not reached (safe to retry: `Retry-After`),
 * a connection lost or a statement cut off (a write's outcome unknown: none), also under a query
 * builder's wrapper (`cause`); any other error is not a fault (a bug: a 500).
 */
import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/errors.js";
import { databaseFault, rethrowFault } from "../../src/sql/database-fault.js";

const unreachable = "The database is not reachable.";
const lost = "The database stopped answering; a change may or may not have been made.";
const coded = (code: string, message = "") => Object.assign(new Error(message), { code });
/**
 * A Prisma error as Prisma 7.10 throws one through a driver adapter (measured): its own code (P2039
 * for the mariadb adapter's pool timeout) and the adapter's error under `meta`.
 */
const prismaError = (cause: object) =>
  Object.assign(new Error("Invalid `prisma.item.findMany()` invocation"), {
    code: "P2039",
    meta: { modelName: "Item", driverAdapterError: { name: "DriverAdapterError", cause } },
  });

describe("databaseFault", () => {
  it.each<[string, unknown, string, Record<string, string>]>([
    [
      "a refused connection (Node, pg, mysql2)",
      coded("ECONNREFUSED"),
      unreachable,
      { "Retry-After": "1" },
    ],
    ["no such host", coded("ENOTFOUND"), unreachable, { "Retry-After": "1" }],
    ["PostgreSQL starting up (57P03)", coded("57P03"), unreachable, { "Retry-After": "1" }],
    [
      "PostgreSQL's too many connections (53300)",
      coded("53300"),
      unreachable,
      { "Retry-After": "1" },
    ],
    [
      "MariaDB's too many connections",
      coded("ER_CON_COUNT_ERROR"),
      unreachable,
      { "Retry-After": "1" },
    ],
    [
      "a SQLite file locked past its busy timeout",
      coded("SQLITE_BUSY"),
      unreachable,
      { "Retry-After": "1" },
    ],
    [
      "pg's connection timeout",
      new Error("timeout exceeded when trying to connect"),
      unreachable,
      { "Retry-After": "1" },
    ],
    ["PostgreSQL shutting down (57P01)", coded("57P01"), lost, {}],
    ["a connection reset", coded("ECONNRESET"), lost, {}],
    ["mysql2's connection lost", coded("PROTOCOL_CONNECTION_LOST"), lost, {}],
    ["pg's connection terminated", new Error("Connection terminated unexpectedly"), lost, {}],
    [
      "a driver's error under Drizzle's wrapper",
      Object.assign(new Error("Failed query"), { cause: coded("ECONNREFUSED") }),
      unreachable,
      { "Retry-After": "1" },
    ],
    ["two wrappers deep", { cause: { cause: coded("ECONNRESET") } }, lost, {}],
    ["Prisma's server not reached (P1001)", coded("P1001"), unreachable, { "Retry-After": "1" }],
    ["Prisma's pool timeout (P2024)", coded("P2024"), unreachable, { "Retry-After": "1" }],
    [
      "Prisma's transaction not started in time (P2028)",
      coded("P2028"),
      unreachable,
      { "Retry-After": "1" },
    ],
    ["Prisma's connection closed (P1017)", coded("P1017"), lost, {}],
    [
      "Prisma's pg adapter: not reachable (as measured)",
      prismaError({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 1 }),
      unreachable,
      { "Retry-After": "1" },
    ],
    [
      "Prisma's mariadb adapter: its pool's timeout (as measured)",
      prismaError({
        originalCode: "45028",
        kind: "mysql",
        code: 45028,
        cause: "connect ECONNREFUSED",
      }),
      unreachable,
      { "Retry-After": "1" },
    ],
    [
      "Prisma's pg adapter: PostgreSQL shutting down",
      prismaError({ kind: "postgres", code: "57P01", originalCode: "57P01" }),
      lost,
      {},
    ],
    ["Prisma's adapter: a socket timeout", prismaError({ kind: "SocketTimeout" }), lost, {}],
  ])("reads %s as the 503 problem", (_name, error, detail, headers) => {
    const fault = databaseFault(error);
    expect(fault).toBeInstanceOf(PagewiseError);
    expect([fault?.problem, fault?.headers]).toStrictEqual([
      {
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail,
        code: "service_unavailable",
      },
      headers,
    ]);
  });

  it.each<[string, unknown]>([
    ["a bug", new TypeError("x is not a function")],
    ["Prisma's unique constraint (P2002)", coded("P2002")],
    [
      "Prisma's adapter: a unique constraint",
      prismaError({ kind: "UniqueConstraintViolation", constraint: { fields: ["id"] } }),
    ],
    ["a constraint violated (23505)", coded("23505")],
    ["a syntax error (42601)", coded("42601")],
    ["MariaDB's duplicate key", coded("ER_DUP_ENTRY")],
    ["a string", "ECONNREFUSED"],
    ["null", null],
    [
      "a cause past the fourth error",
      { cause: { cause: { cause: { cause: coded("ECONNREFUSED") } } } },
    ],
  ])("leaves %s alone", (_name, error) => {
    expect(databaseFault(error)).toBeUndefined();
  });

  it("reads a cause chain that loops once per error, bounded", () => {
    const looped: { cause?: unknown } = {};
    looped.cause = looped;
    expect(databaseFault(looped)).toBeUndefined();
  });
});

describe("rethrowFault", () => {
  it("throws the fault's problem", () => {
    let thrown: unknown;
    try {
      rethrowFault(coded("ECONNREFUSED"));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as PagewiseError).problem.detail).toBe(unreachable);
  });

  it("throws any other error as it is", () => {
    const bug = new TypeError("a bug");
    expect(() => rethrowFault(bug)).toThrow(bug);
  });
});

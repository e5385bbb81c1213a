import { describe, expect, it } from "vitest";
import { type Config, readConfig } from "../../examples/package-store/config.js";

describe("readConfig", () => {
  it.each<[string, Record<string, string>, Config]>([
    [
      "defaults",
      {},
      {
        host: "127.0.0.1",
        port: 3000,
        apiKey: "dev-key",
        apiKeyIsDefault: true,
        seed: 120,
        publicUrl: undefined,
        cursorSecret: undefined,
        countCap: 10_000,
        deadlineMs: 8_000,
        store: { kind: "memory" },
      },
    ],
    [
      "everything set",
      {
        HOST: "::1",
        PORT: "0",
        API_KEY: "s3cret",
        SEED: "0",
        PUBLIC_URL: "https://packages.example",
        CURSOR_SECRET: "c".repeat(32),
        COUNT_CAP: "0",
        DEADLINE_MS: "0",
      },
      {
        host: "::1",
        port: 0,
        apiKey: "s3cret",
        apiKeyIsDefault: false,
        seed: 0,
        publicUrl: "https://packages.example",
        cursorSecret: "c".repeat(32),
        countCap: 0,
        deadlineMs: 0,
        store: { kind: "memory" },
      },
    ],
    [
      "empty values fall back",
      { PORT: "", SEED: "", API_KEY: "" },
      {
        host: "127.0.0.1",
        port: 3000,
        apiKey: "dev-key",
        apiKeyIsDefault: true,
        seed: 120,
        publicUrl: undefined,
        cursorSecret: undefined,
        countCap: 10_000,
        deadlineMs: 8_000,
        store: { kind: "memory" },
      },
    ],
  ])("%s", (_name, env, expected) => {
    expect(readConfig(env)).toStrictEqual(expected);
  });

  it.each<[Record<string, string>, unknown]>([
    [
      { STORE: "pglite" },
      { kind: "pglite", dataDir: undefined, queue: { maxQueued: 64, maxWaitMs: 2_000 } },
    ],
    [
      {
        STORE: "pglite",
        PGLITE_DATA_DIR: "/tmp/p",
        PGLITE_MAX_QUEUE: "0",
        PGLITE_MAX_WAIT_MS: "50",
      },
      { kind: "pglite", dataDir: "/tmp/p", queue: { maxQueued: 0, maxWaitMs: 50 } },
    ],
    [
      { STORE: "postgres", DATABASE_URL: "postgres://u@h/d" },
      { kind: "postgres", url: "postgres://u@h/d" },
    ],
    [{ STORE: "sqlite" }, { kind: "sqlite", file: undefined }],
    [
      { STORE: "sqlite", SQLITE_FILE: "packages.db" },
      { kind: "sqlite", file: "packages.db" },
    ],
    [
      { STORE: "mysql", DATABASE_URL: "mysql://u:p@h/d" },
      { kind: "mysql", url: "mysql://u:p@h/d" },
    ],
    [{ STORE: "" }, { kind: "memory" }],
  ])("reads the store from %j", (env, store) => {
    expect(readConfig(env).store).toStrictEqual(store);
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: "http" }, 'PORT must be a whole number from 0 to 65535, got "http"'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [{ PORT: "-1" }, 'PORT must be a whole number from 0 to 65535, got "-1"'],
    [{ SEED: "1e3" }, 'SEED must be a whole number from 0 to 1000000, got "1e3"'],
    [{ COUNT_CAP: "-5" }, 'COUNT_CAP must be a whole number from 0 to 1000000000, got "-5"'],
    [{ DEADLINE_MS: "2.5" }, 'DEADLINE_MS must be a whole number from 0 to 600000, got "2.5"'],
    [
      { STORE: "pglite", PGLITE_MAX_QUEUE: "many" },
      'PGLITE_MAX_QUEUE must be a whole number from 0 to 100000, got "many"',
    ],
    [
      { STORE: "pglite", PGLITE_MAX_WAIT_MS: "700000" },
      'PGLITE_MAX_WAIT_MS must be a whole number from 0 to 600000, got "700000"',
    ],
    [{ STORE: "maria" }, 'STORE must be memory, pglite, postgres, sqlite or mysql, got "maria"'],
    [
      { CURSOR_SECRET: "short" },
      "CURSOR_SECRET must be at least 32 characters (e.g. openssl rand -hex 32), got 5",
    ],
    [
      { STORE: "postgres" },
      "STORE=postgres needs DATABASE_URL, e.g. postgres://user@127.0.0.1:5432/packages",
    ],
    [
      { STORE: "mysql" },
      "STORE=mysql needs DATABASE_URL, e.g. mysql://user:password@127.0.0.1:3306/packages",
    ],
  ])("refuses %j", (env, message) => {
    expect(() => readConfig(env)).toThrow(new Error(message));
  });
});

/**
 * Text a database cannot store, through a real database: a Kysely list on PGlite (PostgreSQL),
 * served by Express 5 and the fetch router, answers a NUL in its path, query or filter with the
 * 400 `invalid_text` problem before its query runs (PostgreSQL would refuse it, a 500), and the
 * fact on SQLite that makes a lone surrogate unstorable too.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import Database from "better-sqlite3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expressErrorHandler, expressHandler } from "../../src/adapters/express/index.js";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import { kyselyPages, type PageListContext } from "../../src/builders/kysely/index.js";
import { defineResource, list } from "../../src/index.js";
import { type KyselyEngine, pgliteEngine } from "../builders/kysely/kysely-engines.js";
import { call } from "../support/http-call.js";
import { problem, problemType } from "./behaviour-suite.js";

/** The list's context as its handler reads it: the path's name, the query's `q`. */
type Named = PageListContext & { path: { name: string }; params: { q?: string | undefined } };

let engine: KyselyEngine;
const servers: Server[] = [];
const origins: Record<string, string> = {};

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  engine = await pgliteEngine();
  await engine.fill([
    { id: "1", name: "a", score: 1, grp: 1, created_at: engine.timestamp(1) },
    { id: "2", name: "b", score: 2, grp: 1, created_at: engine.timestamp(2) },
  ]);
  const items = defineResource("/items/:name/", {
    GET: list({
      schema: z.object({ q: z.string().optional() }),
      sort: { fields: { name: true }, tieBreaker: "id", default: "name" },
      handler: kyselyPages(engine.db, ({ path, params }: Named) => {
        const named = engine.db
          .selectFrom("items")
          .select(["id", "name"])
          .where("name", ">=", path.name);
        return params.q === undefined ? named : named.where("name", "=", params.q);
      }),
    }),
  });
  const app = express();
  app.disable("x-powered-by");
  app.all("/items/:name/", expressHandler(items));
  app.use(expressErrorHandler());
  origins["express 5"] = await listen(createServer(app));
  const routes = fetchRouter([["/items/:name/", items]]);
  origins.fetch = await listen(createAdaptorServer({ fetch: routes }) as Server);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await engine.close();
});

const nul = "a NUL character (U+0000), which PostgreSQL cannot store";
const refused = (where: string, parameter: string) => ({
  status: 400,
  headers: { ...problemType, allow: "GET, OPTIONS" },
  body: problem(400, "Bad Request", "invalid_text", `${where} holds ${nul}.`, { parameter }),
});

describe.each(["express 5", "fetch"])("a Kysely list on PGlite served by %s", (name) => {
  it("serves text: the rows its query selects", async () => {
    const answer = await call(origins[name] as string, { path: "/items/a/?q=b" });
    expect([answer.status, answer.body]).toStrictEqual([200, [{ id: 2, name: "b" }]]);
  });

  it.each([
    ["the path", "/items/%00/", refused('Path parameter "name"', "name")],
    ["the query", "/items/a/?q=%00", refused('Parameter "q"', "q")],
    ["a filter's middle", "/items/a/?q=b%00c", refused('Parameter "q"', "q")],
  ])("answers NUL in %s with the 400 problem, no query run", async (_where, path, expected) => {
    engine.queriesRun();
    expect(await call(origins[name] as string, { path })).toStrictEqual(expected);
    expect(engine.queriesRun()).toStrictEqual([]);
  });
});

it("PGlite refuses NUL in a bound value: the database error the 400 stands in for", async () => {
  await expect(
    engine.db.selectFrom("items").select("id").where("name", "=", "\u0000").execute(),
  ).rejects.toMatchObject({ message: 'invalid byte sequence for encoding "UTF8": 0x00' });
});

it("SQLite (better-sqlite3) stores NUL as sent, a lone surrogate as bytes that are not UTF-8", () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE texts (id INTEGER PRIMARY KEY, t TEXT NOT NULL)");
  const insert = db.prepare("INSERT INTO texts (t) VALUES (?)");
  for (const text of ["a\u0000b", "a\uD800", "\uDC00b"]) insert.run(text);
  // U+D800 as the 3 bytes ED A0 80 (WTF-8), read back as three U+FFFD.
  expect(db.prepare("SELECT t, hex(t) AS bytes FROM texts ORDER BY id").all()).toStrictEqual([
    { t: "a\u0000b", bytes: "610062" },
    { t: "a\uFFFD\uFFFD\uFFFD", bytes: "61EDA080" },
    { t: "\uFFFD\uFFFD\uFFFDb", bytes: "EDB08062" },
  ]);
  db.close();
});

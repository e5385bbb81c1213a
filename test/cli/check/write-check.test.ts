/**
 * `write` sends one POST a server following the convention must refuse before any handler runs
 * (malformed JSON as `application/json`), so json-server, which makes a record of any body it can
 * read (`text/plain` read as `{}` included), creates nothing; and a server that takes the POST
 * anyway is reported with what it answered, so its record can be removed.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { CheckContext, CheckOptions } from "../../../src/cli/check/check-context.js";
import { createProbe } from "../../../src/cli/check/probe.js";
import { writeCheck } from "../../../src/cli/check/write-check.js";
import { startForeignServer } from "./foreign-list-server.js";

const OPTIONS: CheckOptions = {
  empty: undefined,
  key: "id",
  maxPages: 50,
  write: true,
  apiKeyHeader: "X-Api-Key",
  apiKeyGiven: false,
};

/** The context `write` reads: the list's URL, the probe and the options. */
const contextFor = (url: string) =>
  ({ url, probe: createProbe({}), options: OPTIONS }) as unknown as CheckContext;

describe("write", () => {
  it("creates nothing on json-server: one POST, as application/json, refused with 400", async () => {
    const server = await startForeignServer("json-server");
    try {
      const result = await writeCheck(contextFor(`${server.url}/items?_page=1&_limit=2`));
      expect([result.outcome, result.notes, server.created]).toStrictEqual([
        "pass",
        ["POST as application/json: 400"],
        [],
      ]);
      expect(result.evidence.map((each) => [each.method, each.url])).toStrictEqual([
        ["POST", `${server.url}/items`],
      ]);
    } finally {
      await server.close();
    }
  });

  it("reports what a server that takes it answered: status, Location and the body's opening", async () => {
    const body = JSON.stringify({ id: 41, note: "x".repeat(300) });
    const server = createServer((_, response) => {
      response.writeHead(201, { "Content-Type": "application/json", Location: "/items/41" });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await writeCheck(contextFor(`${origin}/items?color=red`));
      expect([result.outcome, result.problems, result.notes]).toStrictEqual([
        "fail",
        ["POST of malformed JSON as application/json answered 201, not a 4xx"],
        [
          "POST as application/json: 201",
          `the server may have acted on it (201, Location: /items/41, body: ${body.slice(0, 200)}): look for a record it created and remove it`,
        ],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

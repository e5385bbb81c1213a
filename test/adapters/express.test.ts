/** Express-only behaviour: bodies that express.json() already parsed, and its errors as problems. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express5 from "express";
import express4 from "express4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expressErrorHandler, expressHandler } from "../../src/adapters/express/index.js";
import { defineResource, json } from "../../src/index.js";

const echo = defineResource({ POST: json({ handler: ({ params }) => params }) });

describe.each([
  ["express 4", express4 as unknown as typeof express5],
  ["express 5", express5],
])("%s with express.json()", (_name, create) => {
  const app = create();
  app.use(create.json({ limit: 50 }));
  app.all("/echo/", expressHandler(echo));
  app.use(expressErrorHandler(50));
  const server = createServer(app);
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (body: string, type = "application/json") => {
    const response = await fetch(`${origin}/echo/`, {
      method: "POST",
      headers: { "content-type": type },
      body,
    });
    return [response.status, response.headers.get("content-type"), await response.json()];
  };

  it("uses the body express.json() parsed", async () => {
    expect(await post('{"a":1,"__proto__":{"x":1}}')).toStrictEqual([
      200,
      "application/json",
      { a: 1 },
    ]);
  });

  it("reads the raw body itself when express.json() skipped it (another type) → 415", async () => {
    expect(await post('{"a":1}', "text/plain")).toStrictEqual([
      415,
      "application/problem+json",
      {
        type: "about:blank",
        title: "Unsupported Media Type",
        status: 415,
        detail: "The request body must be JSON, sent with Content-Type: application/json.",
        code: "unsupported_media_type",
      },
    ]);
  });

  it.each<[string, string, number, string, string]>([
    ["malformed JSON", '{"a":', 400, "malformed_json", "The request body is not valid UTF-8 JSON."],
    [
      "a body over its limit",
      JSON.stringify({ a: "x".repeat(100) }),
      413,
      "payload_too_large",
      "The request body is larger than 50 bytes.",
    ],
  ])(
    "answers express.json()'s error for %s as a problem",
    async (_name, body, status, code, detail) => {
      const [got, type, problem] = await post(body);
      expect([
        got,
        type,
        (problem as { code: string }).code,
        (problem as { detail: string }).detail,
      ]).toStrictEqual([status, "application/problem+json", code, detail]);
    },
  );
});

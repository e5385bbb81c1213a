import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { nodeHeader, readNodeBody } from "../../../src/adapters/node/node-body.js";
import { PagewiseError } from "../../../src/index.js";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("readNodeBody", () => {
  it("reads every chunk, bytes and strings", async () => {
    const stream = Readable.from([Buffer.from('{"a":'), "1}"], { objectMode: true });
    expect(text(await readNodeBody(stream, undefined, 100))).toBe('{"a":1}');
  });

  it("reads an empty body", async () => {
    expect((await readNodeBody(Readable.from([]), "0", 100)).byteLength).toBe(0);
  });

  it.each<[string, string | undefined, string[]]>([
    ["a Content-Length over the limit, before reading", "101", []],
    ["a stream that passes the limit", undefined, ["x".repeat(60), "x".repeat(60)]],
    ["a stream that lies about its length", "10", ["x".repeat(200)]],
  ])("refuses %s with a 413", async (_name, length, chunks) => {
    const error = await readNodeBody(Readable.from(chunks), length, 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagewiseError);
    expect((error as PagewiseError).problem.detail).toBe(
      "The request body is larger than 100 bytes.",
    );
  });

  it("answers a broken-off upload with a 400 bad_request problem", async () => {
    const stream = new Readable({
      read() {
        this.destroy(new Error("ECONNRESET"));
      },
    });
    const error = await readNodeBody(stream, undefined, 100).catch((e: unknown) => e);
    expect([
      error instanceof PagewiseError,
      (error as PagewiseError).problem.code,
      (error as PagewiseError).status,
    ]).toStrictEqual([true, "bad_request", 400]);
  });
});

describe("nodeHeader: repeated values joined, as fetch's Headers joins them", () => {
  type Headers = Record<string, string | string[]>;
  it.each<[string, Headers, string[] | undefined, string, string | undefined]>([
    ["absent", {}, [], "x-api-key", undefined],
    ["once", { "x-api-key": "a" }, ["X-Api-Key", "a"], "x-api-key", "a"],
    ["a field Node keeps as a list", { "set-cookie": ["a", "b"] }, [], "set-cookie", "a, b"],
    [
      "Content-Type twice (Node's headers keep the first)",
      { "content-type": "application/json" },
      ["Content-Type", "application/json", "content-type", "text/plain"],
      "content-type",
      "application/json, text/plain",
    ],
    [
      "Content-Type three times",
      { "content-type": "a/a" },
      ["Content-Type", "a/a", "Host", "x", "CONTENT-TYPE", "b/b", "content-type", "c/c"],
      "content-type",
      "a/a, b/b, c/c",
    ],
    [
      "Content-Type once, rewritten by a middleware",
      { "content-type": "application/json" },
      ["Content-Type", "text/plain"],
      "content-type",
      "application/json",
    ],
    ["no raw headers (a stand-in)", { "content-type": "a/a" }, undefined, "content-type", "a/a"],
  ])("%s", (_name, headers, raw, name, expected) => {
    expect(nodeHeader(headers, raw, name)).toBe(expected);
  });
});

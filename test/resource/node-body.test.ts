import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/index.js";
import { nodeHeader, readNodeBody } from "../../src/resource/node-body.js";

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

describe("nodeHeader: every occurrence, joined as fetch's Headers joins them", () => {
  const message = (
    headers: Record<string, string | string[]>,
    headersDistinct: Record<string, string[]>,
  ) => ({ headers, headersDistinct });
  it.each<[string, ReturnType<typeof message>, string, string | undefined]>([
    ["absent", message({}, {}), "x-api-key", undefined],
    ["once", message({ "x-api-key": "a" }, { "x-api-key": ["a"] }), "x-api-key", "a"],
    [
      "a list field Node joined",
      message({ accept: "a, b" }, { accept: ["a", "b"] }),
      "accept",
      "a, b",
    ],
    [
      "Content-Type twice (Node's headers keep the first)",
      message(
        { "content-type": "application/json" },
        { "content-type": ["application/json", "text/plain"] },
      ),
      "content-type",
      "application/json, text/plain",
    ],
    [
      "Host twice",
      message({ host: "a.example" }, { host: ["a.example", "b.example"] }),
      "host",
      "a.example, b.example",
    ],
  ])("%s", (_name, request, name, expected) => {
    expect(nodeHeader(request, name)).toBe(expected);
  });
});

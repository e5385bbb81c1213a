/**
 * The probe's limits against hostile servers on 127.0.0.1: a body over the size limit (long, or
 * never ending) is left unread, and a server that does not answer in time, or whose body does not
 * end in time, is one error that says which.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProbe } from "../../../src/cli/check/probe.js";

const LIMITS = { timeoutMs: 300, maxBodyBytes: 1024 };

/** Each route's answer. */
const ROUTES: Readonly<Record<string, (response: ServerResponse) => void>> = {
  "/small": (response) => response.end(JSON.stringify([1, 2, 3])),
  "/at-limit": (response) => response.end(`[${"1,".repeat(510)}1]`.padEnd(1024, " ")),
  "/long": (response) => response.end(`[${"1,".repeat(2000)}1]`),
  "/endless": (response) => {
    const timer = setInterval(() => response.write("1,".repeat(100)), 5);
    response.write("[");
    response.on("close", () => clearInterval(timer));
  },
  "/silent": () => {},
  "/stalls-mid-body": (response) => response.write("[1,"),
};

let origin = "";
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const server = createServer((request, response) => {
    response.setHeader("Content-Type", "application/json");
    ROUTES[request.url ?? ""]?.(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterAll(() => close());

describe("createProbe's limits", () => {
  it.each([
    ["a small body", "/small", { items: 3, cut: false }],
    ["a body of exactly the limit", "/at-limit", { items: 511, cut: false }],
    ["a body over the limit", "/long", { items: undefined, cut: true }],
    ["a body that never ends", "/endless", { items: undefined, cut: true }],
  ])("%s", async (_, path, read) => {
    const exchange = await createProbe({}, fetch, LIMITS).send({ url: origin + path });
    expect({ items: exchange.items, cut: exchange.cut }).toStrictEqual(read);
  });

  it.each([
    ["no answer", "/silent", (url: string) => `cannot reach GET ${url}: no answer within 0.3 s`],
    [
      "a body that stalls",
      "/stalls-mid-body",
      (url: string) => `GET ${url} answered 200, but the body did not end within 0.3 s`,
    ],
  ])("%s in time is one line", async (_, path, line) => {
    await expect(createProbe({}, fetch, LIMITS).send({ url: origin + path })).rejects.toThrow(
      line(origin + path),
    );
  });
});

/**
 * `@nestjs/swagger` is optional: where it cannot be imported (mocked here as a package that is not
 * installed), a `@Pagewise` route is served all the same, and nothing is left unhandled.
 */
import { Controller, Get } from "@nestjs/common";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { Pagewise } from "../../src/adapters/nestjs/index.js";
import { list } from "../../src/index.js";
import { call } from "../support/http-call.js";
import { appModule, namedMethod, nestExpress } from "./nestjs-servers.js";
import type { Running } from "./servers.js";

vi.mock("@nestjs/swagger", () => {
  throw new Error("Cannot find package '@nestjs/swagger'");
});

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
let server: Running;

beforeAll(async () => {
  process.on("unhandledRejection", record);
  class ItemsController {}
  const descriptor = { value: namedMethod("list"), writable: true, configurable: true };
  Object.defineProperty(ItemsController.prototype, "list", descriptor);
  Pagewise(list({ handler: () => [{ id: 1 }] }))(ItemsController.prototype, "list", descriptor);
  Get()(ItemsController.prototype, "list", descriptor);
  Controller("items")(ItemsController);
  server = await nestExpress(appModule(ItemsController));
});
afterAll(async () => {
  process.off("unhandledRejection", record);
  await server.close();
});

it("serves a @Pagewise route without @nestjs/swagger", async () => {
  await expect(import("@nestjs/swagger")).rejects.toThrow();
  const answer = await call(server.origin, { path: "/items" });
  expect([answer.status, answer.body, answer.headers["x-pagination-count"]]).toStrictEqual([
    200,
    [{ id: 1 }],
    "1",
  ]);
  expect(unhandled).toStrictEqual([]);
});

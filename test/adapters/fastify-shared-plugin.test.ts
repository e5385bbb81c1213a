/**
 * The plugin marked as fastify-plugin would mark it (the same three symbols), and Fastify 4 and 5
 * reading those marks: the decoration reaches the registering scope, the name satisfies another
 * plugin's `dependencies`, and a version range that excludes the running Fastify is refused.
 */
import fastify5 from "fastify";
import fp from "fastify-plugin";
import fastify4 from "fastify4";
import { describe, expect, it } from "vitest";
import { fastifyPagewise } from "../../src/adapters/fastify/index.js";
import { sharedPlugin } from "../../src/adapters/fastify/shared-plugin.js";

const MARKS = ["skip-override", "fastify.display-name", "plugin-meta"].map((key) =>
  Symbol.for(key),
);
const marksOf = (plugin: object) => MARKS.map((mark) => (plugin as Record<symbol, unknown>)[mark]);

it("carries fastify-plugin's marks, default and named property", () => {
  const theirs = fp(async () => {}, { fastify: "4.x || 5.x", name: "pagewise" });
  expect(marksOf(fastifyPagewise)).toStrictEqual(marksOf(theirs));
  const named = fastifyPagewise as unknown as Record<string, unknown>;
  expect(named.default).toBe(fastifyPagewise);
  expect(named.pagewise).toBe(fastifyPagewise);
  expect(Object.keys(fastifyPagewise).sort()).toStrictEqual(Object.keys(theirs).sort());
});

describe.each([
  ["fastify 4", fastify4 as unknown as typeof fastify5],
  ["fastify 5", fastify5],
])("%s", (_name, create) => {
  it("decorates the scope that registers it, and names itself for dependencies", async () => {
    const app = create();
    await app.register(async (scope) => {
      await scope.register(fastifyPagewise);
      await scope.register(
        fp(async () => {}, { name: "needs-pagewise", dependencies: ["pagewise"] }),
      );
      expect(typeof scope.pagewise).toBe("function");
    });
    await app.ready();
    expect(app.hasDecorator("pagewise")).toBe(false);
    await app.close();
  });

  it("is refused by a Fastify outside its range", async () => {
    const app = create();
    app.register(sharedPlugin(async () => {}, { fastify: "3.x", name: "old" }));
    await expect(app.ready()).rejects.toMatchObject({ code: "FST_ERR_PLUGIN_VERSION_MISMATCH" });
  });
});

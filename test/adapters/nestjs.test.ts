/** The behaviour suite (behaviour-suite.ts) on a Nest app, on Express and on Fastify. */
import { describe } from "vitest";
import { behaviourSuite } from "./behaviour-suite.js";
import { nestAdapters } from "./nestjs-servers.js";
import { routes } from "./resources.js";

describe.each(Object.keys(nestAdapters))("%s", (name) => {
  behaviourSuite(() => (nestAdapters[name] as (r: typeof routes) => Promise<never>)(routes));
});

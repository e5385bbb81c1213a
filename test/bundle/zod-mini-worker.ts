/**
 * A Worker serving one page-mode list filtered by a `zod/mini` schema, read through Standard Schema
 * as any schema is: the example docs/performance.md measures, and the bundle a test runs.
 */
import { defineResource, list } from "pagewise";
import { fetchRouter } from "pagewise/fetch";
import * as z from "zod/mini";

const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, done: i % 2 === 0 }));
const items = list({
  schema: z.object({ done: z.optional(z.enum(["true", "false"])) }),
  handler: ({ params }) =>
    params.done === undefined ? rows : rows.filter((row) => String(row.done) === params.done),
});
export default { fetch: fetchRouter([["/items/", defineResource({ GET: items })]]) };

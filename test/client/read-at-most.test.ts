import { describe, expect, it } from "vitest";
import { readAtMost } from "../../src/client/read-at-most.js";

/** A body of `chunks` that records whether its reader cancelled it. */
function streamed(chunks: readonly string[]) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[state.pulled++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

describe("readAtMost", () => {
  it.each<[string, readonly string[], number, string | undefined, boolean]>([
    ["a body under the bound", ["[1,", "2]"], 10, "[1,2]", false],
    ["a body of exactly the bound", ["[1,", "2]"], 5, "[1,2]", false],
    ["a body one byte over", ["[1,", "2]"], 4, undefined, true],
    ["an empty body", [], 0, "", false],
  ])("%s", async (_name, chunks, maxBytes, text, cancelled) => {
    const { response, state } = streamed(chunks);
    const read = await readAtMost(response, maxBytes);
    expect([
      read === undefined ? undefined : new TextDecoder().decode(read ?? undefined),
      state.cancelled,
    ]).toStrictEqual([text, cancelled]);
  });

  it("stops at the bound on a body that never ends: the rest is never pulled", async () => {
    const state = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        state.pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    expect(await readAtMost(new Response(body), 64 * 1024)).toBeUndefined();
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(66);
  });

  it("gives null for an answer without a body (a 204 keeps none)", async () => {
    expect(await readAtMost(new Response(null, { status: 204 }), 10)).toBeNull();
  });
});

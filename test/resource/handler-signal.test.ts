import { describe, expect, it } from "vitest";
import { handlerSignal } from "../../src/resource/handler-signal.js";

describe("handlerSignal", () => {
  it.each([
    ["no client signal", undefined, false],
    ["a client still there", new AbortController().signal, false],
    ["a client already gone", AbortSignal.abort("gone"), true],
  ])("with %s: aborted %s at once", (_name, client, aborted) => {
    const own = handlerSignal(client);
    expect([own.signal.aborted, own.signal.reason]).toStrictEqual(
      aborted ? [true, "gone"] : [false, undefined],
    );
  });

  it.each([
    ["follows the client until released", false, [true, "left"]],
    ["no longer follows the client once released", true, [false, undefined]],
  ])("%s", (_name, released, expected) => {
    const client = new AbortController();
    const own = handlerSignal(client.signal);
    if (released) own.release();
    client.abort("left");
    expect([own.signal.aborted, own.signal.reason]).toStrictEqual(expected);
  });

  it("aborts with the pipeline's own reason, the client's signal untouched", () => {
    const client = new AbortController();
    const own = handlerSignal(client.signal);
    own.abort("deadline");
    expect([own.signal.reason, client.signal.aborted]).toStrictEqual(["deadline", false]);
  });
});

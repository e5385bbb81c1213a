import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { clientGone, nodeClientSignal } from "../../../src/adapters/node/node-signal.js";

/** A Node response's close, with its answer finished or not: what a response emits and holds. */
function closing(writableFinished: boolean) {
  const res = Object.assign(new EventEmitter(), { writableFinished, destroyed: false });
  const close = () => {
    res.destroyed = true;
    res.emit("close");
  };
  return { res, close };
}

describe("nodeClientSignal", () => {
  it.each([
    ["closes before its answer was finished (the client went away)", false, true],
    ["closes after its answer was finished", true, false],
  ])("a response that %s: aborted %s, asked for before or after", (_name, finished, aborted) => {
    const before = closing(finished);
    const early = nodeClientSignal(before.res)();
    expect(early.aborted).toBe(false);
    before.close();
    const after = closing(finished);
    after.close();
    expect([early.aborted, nodeClientSignal(after.res)().aborted]).toStrictEqual([
      aborted,
      aborted,
    ]);
  });

  it("makes one signal and one listener, when first asked for", () => {
    const { res } = closing(false);
    const signal = nodeClientSignal(res);
    expect(res.listenerCount("close")).toBe(0);
    expect(signal()).toBe(signal());
    expect(res.listenerCount("close")).toBe(1);
  });
});

describe("clientGone", () => {
  it.each([
    ["open", false, false, false],
    ["closed before its answer was finished", true, false, true],
    ["closed after its answer was finished", true, true, false],
  ])("a response %s", (_name, destroyed, writableFinished, gone) => {
    expect(clientGone({ destroyed, writableFinished, once: () => undefined })).toBe(gone);
  });
});

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { nodeClientSignal } from "../../src/resource/node-signal.js";

/** A response's close, with its answer finished or not: what a Node response emits. */
function closing(writableFinished: boolean) {
  return Object.assign(new EventEmitter(), { writableFinished });
}

describe("nodeClientSignal", () => {
  it.each([
    ["closes before its answer was finished (the client went away)", false, true],
    ["closes after its answer was finished", true, false],
  ])("a response that %s: aborted %s", (_name, finished, aborted) => {
    const res = closing(finished);
    const signal = nodeClientSignal(res);
    expect(signal.aborted).toBe(false);
    res.emit("close");
    expect(signal.aborted).toBe(aborted);
  });

  it("listens once: a second close finds no listener of its", () => {
    const res = closing(false);
    nodeClientSignal(res);
    res.emit("close");
    expect(res.listenerCount("close")).toBe(0);
  });
});

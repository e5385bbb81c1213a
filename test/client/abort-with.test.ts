import { describe, expect, it } from "vitest";
import { abortWith } from "../../src/client/abort-with.js";

type Step = "abort before" | "abort after" | "untie, then abort" | "nothing";

describe("abortWith", () => {
  it.each<[Step, boolean, unknown]>([
    ["abort before", true, "early"],
    ["abort after", true, "late"],
    ["untie, then abort", false, undefined],
    ["nothing", false, undefined],
  ])("%s: the controller aborted %s, with reason %s", (step, aborted, reason) => {
    const caller = new AbortController();
    const controller = new AbortController();
    if (step === "abort before") caller.abort("early");
    const untie = abortWith(controller, caller.signal);
    if (step === "untie, then abort") untie();
    if (step === "abort after" || step === "untie, then abort") caller.abort("late");
    expect([controller.signal.aborted, controller.signal.reason]).toStrictEqual([aborted, reason]);
  });

  it("ties nothing without a signal", () => {
    const controller = new AbortController();
    abortWith(controller, undefined)();
    expect(controller.signal.aborted).toBe(false);
  });
});

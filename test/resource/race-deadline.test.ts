import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleResource, type ResourceRequest, serveResource } from "../../src/adapters/index.js";
import { defineResource, json, list } from "../../src/index.js";
import { deferred } from "../support/deferred.js";

const request = (method: string, signal?: AbortSignal): ResourceRequest<null> => ({
  method,
  url: "/items/",
  header: () => undefined,
  native: null,
  ...(signal === undefined ? {} : { signal }),
});

const problem = {
  type: "about:blank",
  title: "Service Unavailable",
  status: 503,
  detail: "No answer within the deadline of 100 ms; try again later.",
  code: "deadline_exceeded",
};
const problemHeaders = { "Content-Type": "application/problem+json", "Content-Length": "161" };

/** A handler that never answers of itself, and the signals it was given. */
function hanging() {
  const signals: AbortSignal[] = [];
  const handler = ({ signal }: { signal: AbortSignal }) => {
    signals.push(signal);
    return new Promise<never>(() => undefined);
  };
  return { signals, handler };
}

describe("raceDeadline", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ["GET", { "Retry-After": "1" }, JSON.stringify(problem)],
    ["HEAD", { "Retry-After": "1" }, null],
    ["DELETE", {}, JSON.stringify(problem)],
  ])(
    "%s past the deadline: the 503 problem, Retry-After only where nothing was changed",
    async (method, retry, body) => {
      const { signals, handler } = hanging();
      const resource = defineResource(
        { GET: list({ handler }), DELETE: json({ handler }) },
        { deadline: 100 },
      );
      let answer: unknown;
      void handleResource(resource, request(method)).then((value) => {
        answer = value;
      });
      await vi.advanceTimersByTimeAsync(99);
      expect([answer, signals[0]?.aborted]).toStrictEqual([undefined, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toStrictEqual({
        status: 503,
        headers: { ...problemHeaders, ...retry, Allow: "GET, DELETE, OPTIONS" },
        body,
      });
      const reason = signals[0]?.reason as { problem: unknown; headers: unknown };
      expect([signals[0]?.aborted, reason.problem, reason.headers]).toStrictEqual([
        true,
        problem,
        retry,
      ]);
    },
  );

  it.each([
    ["a value", () => Promise.resolve([{ id: 1 }]), "resolves"],
    ["a bug", () => Promise.reject(new TypeError("bug")), "rejects"],
  ])(
    "a handler's %s before the deadline is its answer, and the timer is gone with its abort",
    async (_name, outcome, settles) => {
      let signal: AbortSignal | undefined;
      const resource = defineResource(
        {
          GET: list({
            handler: (c) => {
              signal = c.signal;
              return outcome();
            },
          }),
        },
        { deadline: 100 },
      );
      const answer = handleResource(resource, request("GET"));
      await (settles === "resolves"
        ? expect(answer).resolves.toMatchObject({ status: 200, body: '[{"id":1}]' })
        : expect(answer).rejects.toThrow(new TypeError("bug")));
      expect(vi.getTimerCount()).toBe(0);
      expect(signal?.aborted).toBe(false);
    },
  );

  it.each([
    ["a value", (release: Promise<undefined>) => release.then(() => [{ id: 1 }])],
    [
      "a bug",
      (release: Promise<undefined>) => release.then(() => Promise.reject(new Error("late"))),
    ],
  ])("drops a handler's %s that comes after the deadline", async (_name, late) => {
    const { promise: held, resolve: release } = deferred();
    const resource = defineResource(
      { GET: list({ handler: () => late(held) }) },
      { deadline: 100 },
    );
    const answer = handleResource(resource, request("GET"));
    await vi.advanceTimersByTimeAsync(100);
    release(undefined);
    await expect(answer).resolves.toMatchObject({ status: 503, body: JSON.stringify(problem) });
  });

  it("takes the deadline's own Retry-After", async () => {
    const { handler } = hanging();
    const resource = defineResource(
      { GET: list({ handler }) },
      { deadline: { ms: 100, retryAfter: 9 } },
    );
    const answer = handleResource(resource, request("GET"));
    await vi.advanceTimersByTimeAsync(100);
    await expect(answer).resolves.toMatchObject({ headers: { "Retry-After": "9" } });
  });

  it("starts no timer for an answer given at once (a synchronous handler)", () => {
    const resource = defineResource({ GET: list({ handler: () => [1] }) }, { deadline: 100 });
    const answer = serveResource(resource, request("GET"));
    expect([(answer as { status: number }).status, vi.getTimerCount()]).toStrictEqual([200, 0]);
  });

  it.each([
    ["with a deadline", { deadline: 100 }],
    ["without one", {}],
  ])("%s, the handler's signal follows the client's", async (_name, options) => {
    const { signals, handler } = hanging();
    const client = new AbortController();
    void handleResource(
      defineResource({ GET: list({ handler }) }, options),
      request("GET", client.signal),
    );
    client.abort("gone");
    expect([signals[0]?.aborted, signals[0]?.reason]).toStrictEqual([true, "gone"]);
  });
});

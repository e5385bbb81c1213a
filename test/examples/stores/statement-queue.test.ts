/**
 * The wait in front of PGlite: one statement at a time, in order; a statement whose client has
 * left never runs; past the bounds, the 503 problem at once, and every other statement answered.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pgliteClient, type SqlClient } from "../../../examples/package-store/stores/sql-client.js";
import { statementQueue } from "../../../examples/package-store/stores/statement-queue.js";
import { deferred } from "../../support/deferred.js";

const busy = {
  status: 503,
  headers: { "Retry-After": "1" },
  problem: {
    type: "about:blank",
    title: "Service Unavailable",
    status: 503,
    detail: "The database is busy; try again shortly.",
    code: "service_unavailable",
  },
};

/** Statements the test holds: each runs when the queue starts it, and ends when released. */
function held() {
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const gate = (name: string) => {
    const made = gates.get(name) ?? deferred();
    gates.set(name, made);
    return made;
  };
  const statement = (name: string) => () => {
    started.push(name);
    return gate(name).promise.then(() => name);
  };
  const release = (name: string) => gate(name).resolve(undefined);
  return { started, statement, release };
}

describe("statementQueue", () => {
  it("runs one statement at a time, in order of arrival", async () => {
    const { started, statement, release } = held();
    const queued = statementQueue({ maxQueued: 5, maxWaitMs: 60_000 });
    const answers = ["a", "b", "c"].map((name) => queued(statement(name)));
    expect(started).toStrictEqual(["a"]);
    release("a");
    expect(started).toStrictEqual(["a"]);
    await answers[0];
    expect(started).toStrictEqual(["a", "b"]);
    release("b");
    release("c");
    await answers[1];
    await expect(Promise.all(answers)).resolves.toStrictEqual(["a", "b", "c"]);
  });

  it.each([
    ["left before it was queued", true],
    ["left while it waited", false],
  ])(
    "never starts a statement whose client %s: it rejects with the signal's reason",
    async (_name, early) => {
      const { started, statement, release } = held();
      const queued = statementQueue({ maxQueued: 5, maxWaitMs: 60_000 });
      const client = new AbortController();
      if (early) client.abort("gone");
      const first = queued(statement("first"));
      const left = queued(statement("left"), client.signal);
      const after = queued(statement("after"));
      client.abort("gone");
      await expect(left).rejects.toBe("gone");
      release("first");
      await first;
      release("after");
      await expect(after).resolves.toBe("after");
      expect(started).toStrictEqual(["first", "after"]);
    },
  );

  it("refuses a statement past the queue's length at once, and answers every other one", async () => {
    const { started, statement, release } = held();
    const queued = statementQueue({ maxQueued: 2, maxWaitMs: 60_000 });
    const answers = ["a", "b", "c", "d", "e"].map((name) =>
      queued(statement(name)).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    for (const name of ["a", "b", "c"]) release(name);
    const settled = await Promise.all(answers);
    expect(settled.slice(0, 3)).toStrictEqual(["a", "b", "c"]);
    expect(settled.slice(3)).toMatchObject([busy, busy]);
    expect(started).toStrictEqual(["a", "b", "c"]);
  });

  describe("in time", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("refuses a statement that waited past maxWaitMs, never starting it", async () => {
      const { started, statement, release } = held();
      const queued = statementQueue({ maxQueued: 5, maxWaitMs: 100 });
      const first = queued(statement("first"));
      const waited = queued(statement("waited")).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(100);
      expect(await waited).toMatchObject(busy);
      release("first");
      await first;
      expect(started).toStrictEqual(["first"]);
    });

    it("refuses a statement whose turn comes past maxWaitMs before its timer ran, and passes the turn on", async () => {
      const { started, statement, release } = held();
      const queued = statementQueue({ maxQueued: 5, maxWaitMs: 100 });
      const first = queued(statement("first"));
      const late = queued(statement("late")).catch((error: unknown) => error);
      // The clock moves and no timer runs: a busy event loop runs timers late.
      vi.setSystemTime(Date.now() + 150);
      const fresh = queued(statement("fresh"));
      release("first");
      await first;
      expect(await late).toMatchObject(busy);
      expect(started).toStrictEqual(["first", "fresh"]);
      release("fresh");
      await expect(fresh).resolves.toBe("fresh");
    });
  });
});

describe("pgliteClient's queue", () => {
  // One embedded database for both: starting one takes seconds on a loaded machine.
  let db: SqlClient;
  beforeAll(async () => {
    db = await pgliteClient(undefined, { maxQueued: 3, maxWaitMs: 60_000 });
    await db.exec("CREATE TABLE written (n int)");
  });
  afterAll(() => db.close());

  it("never runs the queued statement of a client that left: its row is not written", async () => {
    const client = new AbortController();
    const running = db.query("SELECT count(*) FROM generate_series(1, 100000)", []);
    const left = db.query("INSERT INTO written VALUES (1)", [], client.signal);
    client.abort("gone");
    await expect(left).rejects.toBe("gone");
    await running;
    expect(await db.query("SELECT count(*)::int AS n FROM written", [])).toStrictEqual([{ n: 0 }]);
  });

  it("answers a burst past its bound: the overflow with the 503 problem, every other statement with its rows", async () => {
    const burst = Array.from({ length: 8 }, (_, i) =>
      db.query<{ n: number }>("SELECT $1::int AS n", [i]).catch((error: unknown) => error),
    );
    const answers = await Promise.all(burst);
    expect(answers.slice(0, 4)).toStrictEqual([0, 1, 2, 3].map((n) => [{ n }]));
    expect(answers.slice(4)).toMatchObject([busy, busy, busy, busy]);
  });
});

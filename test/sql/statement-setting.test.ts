import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DIALECTS, type PlannerSetting } from "../../src/sql/dialect.js";
import {
  plannerDialect,
  SETTING_WAIT_MS,
  serverSetting,
  settingPrefix,
} from "../../src/sql/statement-setting.js";

const setting = DIALECTS.mysql.pageSetting as PlannerSetting;
const SET = "SET STATEMENT optimizer_adjust_secondary_key_costs =";

describe("settingPrefix", () => {
  it.each([
    // MariaDB 10.6.18+ and 10.11.8+: a set of flags, the flag added to the server's own.
    [
      "fix_reuse_range_for_ref,fix_card_multiplier",
      `${SET} 'fix_reuse_range_for_ref,fix_card_multiplier,disable_max_seek' FOR `,
    ],
    ["", `${SET} 'disable_max_seek' FOR `],
    ["FIX_CARD_MULTIPLIER", `${SET} 'fix_card_multiplier,disable_max_seek' FOR `],
    // Already set on the server: nothing to add.
    ["disable_max_seek,fix_card_multiplier", undefined],
    // MariaDB 10.6.17 and 10.11.7: one number, 2 the flag.
    ["0", `${SET} 2 FOR `],
    [0, `${SET} 2 FOR `],
    [1n, `${SET} 2 FOR `],
    ["2", undefined],
    // No such variable, or a value no server gives: the statement runs as it is.
    [undefined, undefined],
    [null, undefined],
    ["fix'; DROP TABLE x; --", undefined],
    ["a,,b", undefined],
  ] as const)("%s gives %s", (current, prefix) => {
    expect(settingPrefix(setting, current)).toBe(prefix);
  });
});

describe("serverSetting", () => {
  it("asks a server once, and every page after shares the answer", async () => {
    const asked: string[] = [];
    const read = async (text: string) => {
      asked.push(text);
      return "fix_card_multiplier";
    };
    const server = {};
    const answers = await Promise.all([1, 2, 3].map(() => serverSetting(server, setting, read)));
    expect(answers).toStrictEqual(
      [1, 2, 3].map(() => `${SET} 'fix_card_multiplier,disable_max_seek' FOR `),
    );
    expect(asked).toStrictEqual(["SELECT @@optimizer_adjust_secondary_key_costs"]);
  });

  it.each([
    // ER_UNKNOWN_SYSTEM_VARIABLE (MySQL, MariaDB without it): kept, never asked again.
    [1193, 1],
    // Anything else (a connection lost): not kept, the next page asks again.
    [2013, 2],
    [undefined, 2],
  ])(
    "a read failing with errno %j: no prefix, asked %i times for two pages",
    async (errno, times) => {
      let asked = 0;
      const read = async () => {
        asked++;
        throw Object.assign(new Error("refused"), { errno });
      };
      const server = {};
      expect(await serverSetting(server, setting, read)).toBeUndefined();
      expect(await serverSetting(server, setting, read)).toBeUndefined();
      expect(asked).toBe(times);
    },
  );
});

describe("serverSetting's wait", () => {
  afterEach(() => void vi.useRealTimers());

  it("a read that never answers: each page waits SETTING_WAIT_MS at most, then runs plain, and a later page asks again", async () => {
    vi.useFakeTimers();
    let asked = 0;
    const read = () => {
      asked++;
      return new Promise<unknown>(() => {});
    };
    const server = {};
    const first = serverSetting(server, setting, read);
    const second = serverSetting(server, setting, read);
    await vi.advanceTimersByTimeAsync(SETTING_WAIT_MS - 1);
    const settled: unknown[] = [];
    void first.then((prefix) => settled.push(prefix));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toStrictEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect([await first, await second]).toStrictEqual([undefined, undefined]);
    expect(asked).toBe(1);
    const third = serverSetting(server, setting, read);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(SETTING_WAIT_MS);
    expect(await third).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an answer within the wait is the prefix, kept: no timer for the pages after", async () => {
    vi.useFakeTimers();
    let asked = 0;
    const read = () => {
      asked++;
      return new Promise<unknown>((resolve) => setTimeout(() => resolve(""), SETTING_WAIT_MS - 1));
    };
    const server = {};
    const first = serverSetting(server, setting, read);
    await vi.advanceTimersByTimeAsync(SETTING_WAIT_MS - 1);
    expect(await first).toBe(`${SET} 'disable_max_seek' FOR `);
    expect(vi.getTimerCount()).toBe(0);
    const second = serverSetting(server, setting, read);
    expect(vi.getTimerCount()).toBe(0);
    expect(await second).toBe(`${SET} 'disable_max_seek' FOR `);
    expect(asked).toBe(1);
  });

  it("SETTING_WAIT_MS is 1 s", () => {
    expect(SETTING_WAIT_MS).toBe(1000);
  });
});

describe("serverSetting's errors wrapped by a driver", () => {
  it("ER_UNKNOWN_SYSTEM_VARIABLE as Drizzle 0.45 gives it (DrizzleQueryError, errno on `cause`): kept, asked once", async () => {
    let asked = 0;
    const read = async () => {
      asked++;
      throw new DrizzleQueryError(
        "SELECT @@x",
        [],
        Object.assign(new Error("Unknown"), { errno: 1193 }),
      );
    };
    const server = {};
    expect(await serverSetting(server, setting, read)).toBeUndefined();
    expect(await serverSetting(server, setting, read)).toBeUndefined();
    expect(asked).toBe(1);
  });
});

describe("plannerDialect", () => {
  it.each([
    [undefined, setting],
    [true, setting],
    [false, undefined],
  ])("plannerSetting %j: the page setting %j", (plannerSetting, pageSetting) => {
    expect(plannerDialect(DIALECTS.mysql, plannerSetting, "list").pageSetting).toBe(pageSetting);
  });

  it("a dialect without a setting is itself", () => {
    expect(plannerDialect(DIALECTS.postgres, false, "list")).toBe(DIALECTS.postgres);
  });

  it.each([["no"], [0], [null]])("refuses %j when the list is defined", (value) => {
    expect(() => plannerDialect(DIALECTS.mysql, value, "kyselyCursorPages")).toThrow(
      new TypeError(
        `kyselyCursorPages option plannerSetting must be one of true, false; got ${value === "no" ? '"no"' : String(value)}`,
      ),
    );
  });
});

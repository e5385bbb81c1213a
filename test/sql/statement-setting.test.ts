import { describe, expect, it } from "vitest";
import { DIALECTS, type PlannerSetting } from "../../src/sql/dialect.js";
import { serverSetting, settingPrefix } from "../../src/sql/statement-setting.js";

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

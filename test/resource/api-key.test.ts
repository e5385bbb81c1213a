import { describe, expect, it } from "vitest";
import { apiKeyVerifier, PagewiseError } from "../../src/index.js";
import { checkApiKey } from "../../src/resource/api-key.js";

describe("apiKeyVerifier", () => {
  it.each<[string | readonly string[], string, boolean]>([
    ["secret", "secret", true],
    ["secret", "secreT", false],
    ["secret", "secret ", false],
    ["secret", "secre", false],
    ["secret", "", false],
    ["", "", false],
    [["old", "new"], "new", true],
    [["old", "new"], "old", true],
    [["old", "new"], "other", false],
    ["clé", "clé", true],
    ["clé", "cle", false],
  ])("keys %j accept %j: %s", async (keys, given, expected) => {
    expect(await apiKeyVerifier(keys)(given, undefined)).toBe(expected);
  });
});

describe("checkApiKey", () => {
  const verify = apiKeyVerifier("k");
  it.each<[string | undefined, string]>([
    [undefined, "Send your API key in the X-Api-Key header."],
    ["", "Send your API key in the X-Api-Key header."],
    ["x", "The API key is not valid."],
  ])("%j → 401", async (key, detail) => {
    const error = await Promise.resolve()
      .then(() => checkApiKey(verify, key, undefined))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagewiseError);
    expect((error as PagewiseError).problem).toStrictEqual({
      type: "about:blank",
      title: "Unauthorized",
      status: 401,
      detail,
      code: "unauthorized",
    });
    expect((error as PagewiseError).headers).toStrictEqual({
      "WWW-Authenticate": 'ApiKey header="X-Api-Key"',
    });
  });

  it.each<[string, unknown]>([
    ["the string false", "false"],
    ["1", 1],
    ["an object", {}],
  ])("refuses a key when the verifier answers %s instead of true", async (_name, answer) => {
    const error = await Promise.resolve()
      .then(() => checkApiKey(() => answer as boolean, "k", undefined))
      .catch((e: unknown) => e);
    expect((error as PagewiseError).problem.detail).toBe("The API key is not valid.");
  });

  it("accepts a valid key at once with a synchronous verifier, and awaits an async one", async () => {
    expect(checkApiKey(verify, "k", undefined)).toBeUndefined();
    const pending = checkApiKey(async (key) => key === "a", "a", undefined);
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).resolves.toBeUndefined();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacKey, sameBytes } from "../../src/cursor/hmac-key.js";

const encoder = new TextEncoder();

/** Web Crypto's HMAC-SHA256 of `data` with `secret`: the oracle. */
async function webCryptoHmac(secret: string, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data));
}

describe("hmacKey", () => {
  it("signs as Web Crypto's HMAC-SHA256 does, for any secret and bytes, key used again", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 32, maxLength: 200, unit: "binary" }),
        fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 3 }),
        async (secret, messages) => {
          const sign = hmacKey(secret);
          for (const data of messages) {
            expect(sign(data)).toStrictEqual(await webCryptoHmac(secret, data));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives RFC 4231\'s test case 2 (a short key, "what do ya want for nothing?")', () => {
    const mac = hmacKey("Jefe")(encoder.encode("what do ya want for nothing?"));
    expect(Buffer.from(mac).toString("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});

describe("sameBytes", () => {
  it.each<[string, number[], number[], boolean]>([
    ["equal", [1, 2, 3], [1, 2, 3], true],
    ["both empty", [], [], true],
    ["differing in the first byte", [0, 2, 3], [1, 2, 3], false],
    ["differing in the last byte", [1, 2, 3], [1, 2, 4], false],
    ["one a prefix of the other", [1, 2], [1, 2, 3], false],
  ])("%s: %j and %j → %s", (_name, a, b, same) => {
    expect(sameBytes(new Uint8Array(a), new Uint8Array(b))).toBe(same);
  });
});

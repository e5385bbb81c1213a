import { describe, expect, it } from "vitest";
import { itemWriter, type OutputFormat } from "../../src/cli/output-format.js";

/** Everything a writer writes for `items`, and the keys it was told of. */
function written(format: OutputFormat, items: readonly unknown[]) {
  const newKeys: string[] = [];
  const writer = itemWriter(format, (key) => newKeys.push(key));
  return { text: items.map((item) => writer.item(item)).join("") + writer.end(), newKeys };
}

describe("itemWriter", () => {
  it.each<[OutputFormat, unknown[], string]>([
    ["ndjson", [], ""],
    ["ndjson", [{ id: 1 }, { id: 2, tags: ["a"] }], '{"id":1}\n{"id":2,"tags":["a"]}\n'],
    ["json", [], "[]\n"],
    ["json", [{ id: 1 }], '[\n{"id":1}\n]\n'],
    ["json", [{ id: 1 }, "two", null], '[\n{"id":1},\n"two",\nnull\n]\n'],
    ["csv", [], ""],
    ["csv", [{ id: 1, name: "a,b" }], 'id,name\n1,"a,b"\n'],
    [
      "csv",
      [{ id: 1, meta: { x: 1 }, ok: true, gone: null, text: 'say "hi"\nbye' }],
      'id,meta,ok,gone,text\n1,"{""x"":1}",true,,"say ""hi""\nbye"\n',
    ],
    ["csv", [{ id: 1, name: "a" }, { id: 2 }], "id,name\n1,a\n2,\n"],
    ["csv", [3, "x"], "value\n3\nx\n"],
  ])("%s writes %j as its text", (format, items, text) => {
    expect(written(format, items)).toStrictEqual({ text, newKeys: [] });
  });

  it.each<[OutputFormat, unknown[]]>([
    ["json", [{ id: 1 }, { id: 2 }, { id: 3 }]],
    ["json", []],
  ])("%s is one valid JSON array wherever it ends", (format, items) => {
    expect(JSON.parse(written(format, items).text)).toStrictEqual(items);
  });

  it("leaves out of the CSV a key only later items have, and tells it once", () => {
    const items = [{ id: 1 }, { id: 2, extra: "x" }, { id: 3, extra: "y", more: 1 }];
    expect(written("csv", items)).toStrictEqual({
      text: "id\n1\n2\n3\n",
      newKeys: ["extra", "more"],
    });
  });
});

import { parse } from "csv-parse/sync";
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
    ["csv", [{ id: 1, name: "a,b" }], 'id,name\r\n1,"a,b"\r\n'],
    [
      "csv",
      [{ id: 1, meta: { x: 1 }, ok: true, gone: null, text: 'say "hi"\nbye' }],
      'id,meta,ok,gone,text\r\n1,"{""x"":1}",true,,"say ""hi""\nbye"\r\n',
    ],
    ["csv", [{ id: 1, name: "a" }, { id: 2 }], "id,name\r\n1,a\r\n2,\r\n"],
    ["csv", [3, "x"], "value\r\n3\r\nx\r\n"],
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
      text: "id\r\n1\r\n2\r\n3\r\n",
      newKeys: ["extra", "more"],
    });
  });

  it("writes CSV that an RFC 4180 reader reads back cell for cell, records ended by CRLF", () => {
    const items = [
      { id: 1, text: 'say "hi"\nbye', tags: ["a", "b"], gone: null },
      { id: 2, text: "a,b\r\nc", tags: [], gone: 0 },
    ];
    const { text } = written("csv", items);
    // strict RFC 4180: CRLF alone ends a record; a bare LF is only a cell's own
    const records = parse(text, { record_delimiter: "\r\n" }) as string[][];
    expect(records).toStrictEqual([
      ["id", "text", "tags", "gone"],
      ["1", 'say "hi"\nbye', '["a","b"]', ""],
      ["2", "a,b\r\nc", "[]", "0"],
    ]);
  });
});

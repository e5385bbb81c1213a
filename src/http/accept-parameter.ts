/**
 * The values of one media-type parameter across the media ranges of an `Accept` header (RFC 9110,
 * section 12.5.1), in order: `acceptParameter("application/json; version=v1", "version")` is
 * `["v1"]`. The parameter's name matches in any letter case; a quoted value is unquoted (`\"`
 * read as `"`); ranges split at commas outside quotes. A range weighted `q=0` (not acceptable)
 * gives none. Never throws, in linear time: text it cannot read gives no value.
 *
 * @param header - the header's value, `undefined` when absent
 * @param name - the parameter's name
 * @returns its values, possibly none
 * @example
 * ```ts
 * acceptParameter('application/json; version="v2", text/html; q=0.1', "version"); // ["v2"]
 * ```
 */
export function acceptParameter(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  if (header === undefined) return values;
  const wanted = name.toLowerCase();
  for (let at = 0; at < header.length; ) {
    const found: string[] = [];
    let refused = false;
    at = skipTo(header, at);
    while (header[at] === ";") {
      const [key, value, next] = readParameter(header, at + 1);
      at = next;
      if (key === wanted) found.push(value);
      else if (key === "q" && value !== "" && Number(value) === 0) refused = true;
    }
    if (!refused) values.push(...found);
    at++; // past the comma (or the end)
  }
  return values;
}

/** The index of the next `;` or `,` (or the end) from `at`, outside quotes. */
function skipTo(header: string, at: number): number {
  let i = at;
  while (i < header.length && header[i] !== ";" && header[i] !== ",") {
    if (header[i] === '"') i = quotedEnd(header, i).end;
    else i++;
  }
  return i;
}

/** One `name=value` after a `;`: its lower-case name, its value unquoted, and where it ends. */
function readParameter(header: string, at: number): [string, string, number] {
  let i = at;
  while (i < header.length && !"=;,".includes(header[i] as string)) i++;
  const key = header.slice(at, i).trim().toLowerCase();
  if (header[i] !== "=") return [key, "", i];
  i++;
  while (header[i] === " " || header[i] === "\t") i++;
  if (header[i] === '"') {
    const { value, end } = quotedEnd(header, i);
    return [key, value, skipTo(header, end)];
  }
  const end = skipTo(header, i);
  return [key, header.slice(i, end).trim(), end];
}

/** A quoted string starting at `at` (its `"`): its text, escapes read, and the index after it. */
function quotedEnd(header: string, at: number): { value: string; end: number } {
  let value = "";
  let i = at + 1;
  while (i < header.length && header[i] !== '"') {
    if (header[i] === "\\" && i + 1 < header.length) i++;
    value += header[i];
    i++;
  }
  return { value, end: i + 1 };
}

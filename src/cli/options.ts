/**
 * Option readers shared by the commands: whole numbers, `-H 'Name: value'` headers, the start URL.
 * Each throws commander's `InvalidArgumentError`, which commander reports as one line.
 */
import { InvalidArgumentError } from "commander";

/**
 * A reader of a whole-number option of at least `min`.
 *
 * @param min - the least value taken
 * @returns a commander option parser
 * @example
 * ```ts
 * wholeNumber(1)("8"); // 8
 * wholeNumber(1)("0"); // throws InvalidArgumentError "must be a whole number of at least 1"
 * ```
 */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min) {
      throw new InvalidArgumentError(`must be a whole number of at least ${min}`);
    }
    return number;
  };
}

/**
 * Adds one `-H 'Name: value'` header to those read so far (commander's repeatable option). A name
 * given twice gets both values, joined by `, ` as HTTP joins a repeated field.
 *
 * @param text - the option's value, `Name: value`
 * @param headers - the headers read before it
 * @default `{}` before the first
 * @returns the headers with this one
 * @example
 * ```ts
 * addHeader("Accept: application/json", {}); // { Accept: "application/json" }
 * ```
 */
export function addHeader(
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const colon = text.indexOf(":");
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (colon < 0 || !isHeader(name, value)) {
    throw new InvalidArgumentError(`must be 'Name: value', got ${JSON.stringify(text)}`);
  }
  const before = headers[name];
  return { ...headers, [name]: before === undefined ? value : `${before}, ${value}` };
}

function isHeader(name: string, value: string): boolean {
  try {
    new Headers([[name, value]]);
    return name !== "";
  } catch {
    return false;
  }
}

/**
 * An absolute http or https URL, as given.
 *
 * @param text - the argument
 * @returns the URL's text, normalized (`new URL(text).href`)
 * @example
 * ```ts
 * httpUrl("http://127.0.0.1:3000/items/"); // "http://127.0.0.1:3000/items/"
 * httpUrl("127.0.0.1:3000/items/"); // throws: must be an http:// or https:// URL
 * ```
 */
export function httpUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError(
      `must be an http:// or https:// URL, got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidArgumentError(
      `must be an http:// or https:// URL, got ${JSON.stringify(text)}`,
    );
  }
  return url.href;
}

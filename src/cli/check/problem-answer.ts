/**
 * Whether an answer is an RFC 9457 problem: `application/problem+json` (parameters aside, any
 * letter case) with a JSON object whose `status`, when given, is the answer's.
 */
import { PROBLEM_CONTENT_TYPE } from "../../errors.js";
import type { Exchange } from "./exchange.js";

/**
 * What keeps an error answer from being a problem; none when it is one.
 *
 * @param exchange - an answer with a 4xx or 5xx status
 * @returns the problems
 * @example
 * ```ts
 * problemAnswerProblems(answer401); // [] for application/problem+json {"status":401,…}
 * ```
 */
export function problemAnswerProblems(exchange: Exchange): string[] {
  const where = `${exchange.method} ${exchange.url} answered ${exchange.status}`;
  const type = (exchange.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== PROBLEM_CONTENT_TYPE) {
    return [`${where} as ${type === "" ? "no Content-Type" : type}, not ${PROBLEM_CONTENT_TYPE}`];
  }
  const body = exchange.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return [`${where}: its body is not a JSON object`];
  }
  const status = (body as { status?: unknown }).status;
  if (status !== undefined && status !== exchange.status) {
    return [`${where}: its body's status is ${JSON.stringify(status)}`];
  }
  return [];
}

/**
 * Whether an answer is a refusal: a 4xx status.
 *
 * @param exchange - the answer
 * @returns true for 400 to 499
 * @example
 * ```ts
 * isRefusal({ ...exchange, status: 404 }); // true
 * ```
 */
export function isRefusal(exchange: Exchange): boolean {
  return exchange.status >= 400 && exchange.status < 500;
}

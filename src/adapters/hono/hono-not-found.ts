import type { NotFoundHandler } from "hono";
import { notFoundProblem } from "../../errors.js";
import { requestPath } from "../../http/request-target.js";
import { problemResponse } from "../../resource/problem-response.js";
import { toResponse } from "../fetch/fetch-handler.js";

/**
 * Hono's not-found handler answering as pagewise answers: a 404 `application/problem+json`
 * naming the path as the request wrote it (`code: "not_found"`), as `fetchRouter` answers a path
 * no route matches (`c.req.path` would lose the trailing slash `strict: false` drops).
 *
 * @param c - Hono's context
 * @returns the 404 problem `Response`
 * @example
 * ```ts
 * app.notFound(honoNotFound);
 * ```
 */
export const honoNotFound: NotFoundHandler = (c) =>
  toResponse(problemResponse(notFoundProblem(requestPath(c.req.url))));

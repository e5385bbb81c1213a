const BODY_METHODS = new Set(["DELETE", "PATCH", "POST", "PUT"]);

/**
 * True for the methods whose parameters travel in a JSON body (spec 4.1): DELETE, PATCH, POST and
 * PUT, in any letter case. Every other method (GET, HEAD, OPTIONS, …) carries them in the query.
 */
export function sendsParamsInBody(method: string): boolean {
  return BODY_METHODS.has(method.toUpperCase());
}

import type { BodyInput } from "../params/json-body.js";

/** A request as plain values: what every adapter hands the pipeline. */
export interface ResourceRequest<N = unknown> {
  readonly method: string;
  /** The request target as sent: path and query (`req.originalUrl`), or an absolute URL. */
  readonly url: string;
  /** A request header by lower-case name; a repeated one joined with `", "`, as fetch's `Headers` does. */
  readonly header: (name: string) => string | undefined;
  /** Reads the body, at most `maxBytes` (else throws the 413 problem); called only for body methods. */
  readonly readBody?: (maxBytes: number) => BodyInput | Promise<BodyInput>;
  /** Path parameters from the router: each `:name` of the resource's pattern, if it has one. */
  readonly pathParams?: Readonly<Record<string, string>>;
  /** The framework's request object, passed to handlers and the API-key verifier. */
  readonly native: N;
  /**
   * Aborted when the client goes away before its answer (the connection closed): handed on to the
   * handler as its `signal`. Without one, the handler's signal is aborted only by a deadline.
   */
  readonly signal?: AbortSignal;
}

/** A response as plain values: what every adapter writes back unchanged. */
export interface ResourceResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body text, or `null` for none (204, HEAD). */
  readonly body: string | null;
}

/** A value, or a promise of it: what handlers and verifiers may return. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** True for a promise or any other thenable. */
export function isThenable<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * Applies `next` to `value` at once when it is a plain value, after it settles when it is a
 * promise: a pipeline of mostly synchronous steps pays for no microtask it does not need.
 */
export function andThen<T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
): MaybePromise<R> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value);
}

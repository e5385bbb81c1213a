/** A promise with its resolver (`Promise.withResolvers` came with Node 22): a test's own event. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
}

/** A promise the test settles itself: to hold a handler until the test lets it go. */
export function deferred<T = undefined>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A memo's node: what follows each next key object, and the values by the last number. */
interface MemoNode<V> {
  readonly next: WeakMap<object, MemoNode<V>>;
  readonly values: Map<number, V>;
}

const node = <V>(): MemoNode<V> => ({ next: new WeakMap(), values: new Map() });

/**
 * A memo of values made from a sequence of objects and a number: each made once, kept while
 * its objects live (a `WeakMap` at each step, so a sequence whose objects are gone goes with
 * them). For what is made from a list's own objects, made once when it is defined and read on
 * every request (its order's columns).
 *
 * @returns the memo: `(keys, key, make)` gives the value made for `keys` and `key`, making it
 *   with `make` the first time
 * @example
 * ```ts
 * const plans = sequenceMemo<KeysetPlan>();
 * plans([dialect, ...columns], -1, () => planOf(columns, undefined, dialect));
 * ```
 */
export function sequenceMemo<V>(): (keys: readonly object[], key: number, make: () => V) => V {
  const root = node<V>();
  return (keys, key, make) => {
    let at = root;
    for (const object of keys) {
      const next = at.next.get(object) ?? node<V>();
      at.next.set(object, next);
      at = next;
    }
    const known = at.values.get(key);
    if (known !== undefined) return known;
    const made = make();
    at.values.set(key, made);
    return made;
  };
}

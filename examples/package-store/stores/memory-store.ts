/**
 * An in-memory package store: repositories by owner and repo, packages in creation order, with a
 * per-status index so a page of a filtered list costs the same whatever the page number and however
 * many packages have other statuses (true of this store; a database's OFFSET grows with the page).
 * Another order sorts a copy of the list per request (O(n log n)), as pagewise compares values:
 * text by code point, as the SQL stores' `COLLATE "C"` columns do.
 */

import type { CursorQuery, ListResult } from "pagewise";
import { keysetRows } from "pagewise/cursor";
import { offsetSearch } from "./offset-search.js";
import {
  type NewPackage,
  type Package,
  type PackageOrder,
  type PackageStore,
  type SearchFilter,
  type Status,
  searchFold,
} from "./package-store.js";

/**
 * Whether an order is creation order, the order the store keeps: by id, or by creation time then
 * id (times never fall as ids rise here), ascending.
 */
const inCreationOrder = (order: PackageOrder) =>
  order === undefined ||
  order.terms.every((t) => t.ascending && (t.column === "id" || t.column === "created_at"));

/** A package's values in an order. */
const valuesIn = (order: NonNullable<PackageOrder>) => (stored: Package) =>
  order.terms.map((t) => stored[t.column as keyof Package]);

/** The packages in the order: as kept, or a sorted copy. */
function ordered(packages: readonly Package[], order: PackageOrder): readonly Package[] {
  if (order === undefined || inCreationOrder(order)) return packages;
  return keysetRows(order.terms, packages, valuesIn(order), undefined, packages.length);
}

class Repository {
  /** Every package, oldest first. */
  all: Package[] = [];
  /** The packages of each status, oldest first. */
  readonly byStatus = new Map<Status, Package[]>();
}

/** The store. Every method is synchronous, so each runs whole between two requests: atomically. */
export class MemoryStore implements PackageStore {
  readonly kind = "memory";
  readonly #owners = new Map<string, Map<string, Repository>>();
  #nextId = 1;
  readonly #seeded = new Set<string>();
  #total = 0;

  /** Creates packages in the repository (made on first use); returns them with ids and times. */
  create(owner: string, repo: string, inputs: readonly NewPackage[]): Package[] {
    const repository = this.#repository(owner, repo, true) as Repository;
    const created_at = new Date().toISOString();
    return inputs.map(({ name, version, status = "awaiting_sync" }) => {
      const stored: Package = { id: this.#nextId++, name, version, status, created_at };
      repository.all.push(stored);
      const list = repository.byStatus.get(status);
      if (list) list.push(stored);
      else repository.byStatus.set(status, [stored]);
      this.#total++;
      return stored;
    });
  }

  /** How many packages the repository holds, of one status or all; an unknown repository holds none. */
  count(owner: string, repo: string, status?: Status): number {
    return this.#list(owner, repo, status).length;
  }

  /** `limit` packages from `offset`, in creation order, of one status or all. */
  page(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
  ): Package[] {
    return this.#list(owner, repo, status).slice(offset, offset + limit);
  }

  /** A page in the order and its count (synchronous: nothing runs between the two). */
  list(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
    order?: PackageOrder,
  ): { count: number; rows: Package[] } {
    const all = ordered(this.#list(owner, repo, status), order);
    return { count: all.length, rows: all.slice(offset, offset + limit) };
  }

  /**
   * A cursor page (nearest the cursor first) and its count: in creation order a binary search by
   * id, O(log n); in another order, pagewise's keyset over a sorted copy.
   */
  keyset(
    owner: string,
    repo: string,
    status: Status | undefined,
    cursor: CursorQuery,
    order?: PackageOrder,
  ): { count: number; rows: Package[] } {
    const all = this.#list(owner, repo, status);
    const { side, values, limit } = cursor;
    if (order !== undefined && !inCreationOrder(order)) {
      const at = side === undefined || values === undefined ? undefined : { side, values };
      return { count: all.length, rows: keysetRows(order.terms, all, valuesIn(order), at, limit) };
    }
    const id = Number(values?.at(-1));
    if (side === undefined) return { count: all.length, rows: all.slice(0, limit) };
    // The first package with an id above the cursor's: the page after starts there, the page before ends before it.
    let low = 0;
    for (let high = all.length; low < high; ) {
      const middle = (low + high) >>> 1;
      if ((all[middle] as Package).id <= id) low = middle + 1;
      else high = middle;
    }
    if (side === "after") return { count: all.length, rows: all.slice(low, low + limit) };
    const end = low > 0 && (all[low - 1] as Package).id === id ? low - 1 : low;
    return { count: all.length, rows: all.slice(Math.max(0, end - limit), end).reverse() };
  }

  /** Matching packages from `offset`, in the order: a scan of the repository, O(n). */
  search(
    owner: string,
    repo: string,
    filter: SearchFilter,
    offset: number,
    limit: number,
    order?: PackageOrder,
  ): Package[] {
    const found: Package[] = [];
    let skipped = 0;
    const matches = this.#matches(owner, repo, filter);
    for (const stored of inCreationOrder(order) ? matches : ordered([...matches], order)) {
      if (skipped++ < offset) continue;
      if (found.push(stored) >= limit) break;
    }
    return found;
  }

  /** How many packages match, counting at most `limit`. */
  countMatches(owner: string, repo: string, filter: SearchFilter, limit = Infinity): number {
    let counted = 0;
    for (const _ of this.#matches(owner, repo, filter)) if (++counted >= limit) break;
    return counted;
  }

  /** A search's page for pagewise: {@link offsetSearch} over this store's search and count. */
  searchPage(
    owner: string,
    repo: string,
    filter: SearchFilter,
    order: PackageOrder,
    cap: number,
  ): ListResult<Package> {
    return offsetSearch(this, owner, repo, filter, order, cap);
  }

  /** Deletes every package of the status in the repository; returns how many. */
  deleteByStatus(owner: string, repo: string, status: Status): number {
    const repository = this.#repository(owner, repo, false);
    const doomed = repository?.byStatus.get(status);
    if (repository === undefined || doomed === undefined) return 0;
    repository.byStatus.delete(status);
    repository.all = repository.all.filter((p) => p.status !== status);
    this.#total -= doomed.length;
    return doomed.length;
  }

  /** Creates the packages on the first call for the repository (a store of one process). */
  seed(owner: string, repo: string, inputs: readonly NewPackage[]): number {
    const key = JSON.stringify([owner, repo]);
    if (this.#seeded.has(key)) return 0;
    this.#seeded.add(key);
    return this.create(owner, repo, inputs).length;
  }

  /** Packages in the whole store. */
  size(): number {
    return this.#total;
  }

  /** Nothing to release. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  *#matches(owner: string, repo: string, { status, query }: SearchFilter): Generator<Package> {
    const text = searchFold(query);
    for (const stored of this.#list(owner, repo, status)) {
      if (searchFold(stored.name).includes(text)) yield stored;
    }
  }

  #list(owner: string, repo: string, status: Status | undefined): readonly Package[] {
    const repository = this.#repository(owner, repo, false);
    if (repository === undefined) return [];
    return status === undefined ? repository.all : (repository.byStatus.get(status) ?? []);
  }

  #repository(owner: string, repo: string, create: boolean): Repository | undefined {
    let repos = this.#owners.get(owner);
    if (repos === undefined) {
      if (!create) return undefined;
      repos = new Map();
      this.#owners.set(owner, repos);
    }
    let repository = repos.get(repo);
    if (repository === undefined && create) {
      repository = new Repository();
      repos.set(repo, repository);
    }
    return repository;
  }
}

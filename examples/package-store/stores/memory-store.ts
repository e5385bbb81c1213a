/**
 * An in-memory package store: repositories by owner and repo, packages in creation order, with a
 * per-status index so a page of a filtered list costs the same whatever the page number and however
 * many packages have other statuses (true of this store; a database's OFFSET grows with the page).
 */

/** Package statuses, in the order the UI lists them. */
export const STATUSES = [
  "awaiting_sync",
  "sync_in_progress",
  "completed",
  "failed",
  "quarantined",
] as const;
export type Status = (typeof STATUSES)[number];

/** A stored package. */
export interface Package {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly status: Status;
  readonly created_at: string;
}

/** What creating a package takes. */
export interface NewPackage {
  readonly name: string;
  readonly version: string;
  readonly status?: Status | undefined;
}

class Repository {
  /** Every package, oldest first. */
  all: Package[] = [];
  /** The packages of each status, oldest first. */
  readonly byStatus = new Map<Status, Package[]>();
}

/** The store. Every method is synchronous, so each runs whole between two requests: atomically. */
export class PackageStore {
  readonly #owners = new Map<string, Map<string, Repository>>();
  #nextId = 1;
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

  /** Packages in the whole store. */
  get size(): number {
    return this.#total;
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

/** `count` demo packages (`pkg-001` …), their statuses cycling through {@link STATUSES}. */
export function demoPackages(count: number): NewPackage[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `pkg-${String(i + 1).padStart(3, "0")}`,
    version: `1.${Math.floor(i / 10)}.${i % 10}`,
    status: STATUSES[i % STATUSES.length],
  }));
}

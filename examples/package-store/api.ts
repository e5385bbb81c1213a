/**
 * The package API of the spec, as pagewise resources: framework-free, mounted by each server.
 */
import {
  apiKeyVerifier,
  defineResource,
  json,
  list,
  type Resource,
  type ResourceOptions,
} from "pagewise";
import { z } from "zod";
import {
  type NewPackage,
  type PackageStore,
  STATUSES,
  type Status,
} from "./stores/memory-store.js";

/** The settings the API needs. */
export interface ApiOptions {
  readonly apiKey: string;
  /** A trusted public base for absolute links, e.g. `https://packages.example.com`. */
  readonly publicUrl?: string | undefined;
}

const status = z.enum(STATUSES);
const newPackage = z.strictObject({
  name: z.string().min(1).max(214),
  version: z.string().min(1).max(64),
  status: status.optional(),
});

/** The routes: an Express-style pattern and its resource. */
export function packageRoutes(store: PackageStore, options: ApiOptions): [string, Resource][] {
  const shared: ResourceOptions = {
    apiKey: apiKeyVerifier(options.apiKey),
    cors: true,
    ...(options.publicUrl ? { baseUrl: options.publicUrl } : {}),
  };
  const repository = defineResource(
    {
      GET: list({
        schema: z.object({ status: status.optional() }),
        handler: ({ params, path }) => listOf(store, path, params.status),
      }),
      POST: json({
        body: "json",
        status: 201,
        schema: z.union([newPackage, z.array(newPackage).min(1).max(1000)]),
        handler: ({ params, path }) => {
          const created = store.create(
            path.owner ?? "",
            path.repo ?? "",
            [params].flat() as NewPackage[],
          );
          return Array.isArray(params) ? created : created[0];
        },
      }),
      DELETE: json({
        schema: z.object({ status }),
        handler: ({ params, path }) => ({
          deleted: store.deleteByStatus(path.owner ?? "", path.repo ?? "", params.status),
        }),
      }),
    },
    shared,
  );
  const packages = defineResource(
    { GET: list({ handler: ({ path }) => listOf(store, path) }) },
    shared,
  );
  return [
    ["/package/:owner/:repo/", repository],
    ["/package/:owner/:repo/packages/", packages],
  ];
}

/** A list result that fetches only the served page (O(page size), see the store). */
function listOf(store: PackageStore, path: Readonly<Record<string, string>>, status?: Status) {
  const owner = path.owner ?? "";
  const repo = path.repo ?? "";
  return {
    count: store.count(owner, repo, status),
    items: ({ offset, limit }: { offset: number; limit: number }) =>
      store.page(owner, repo, status, offset, limit),
  };
}

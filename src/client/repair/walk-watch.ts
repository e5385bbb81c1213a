import type { Walk } from "../walk-context.js";
import type { EdgeTrust } from "./page-edge.js";

/**
 * A walk as its repair sees it: the walk (its settings and fetching), how it tells rows apart,
 * and what its edge requests have shown of the server. One per walk (see `createRepair`).
 */
export interface WalkWatch {
  readonly walk: Walk;
  /** A row's key: how the walk tells it from another (see `rowKeyOf`, `WalkOptions.rowKey`). */
  readonly keyOf: (item: unknown) => string;
  /** What the walk's edge requests have shown of the server (see `rowAtEdge`). */
  readonly edgeTrust: EdgeTrust;
}

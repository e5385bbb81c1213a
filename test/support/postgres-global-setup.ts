/** `npm run test:postgres`'s global setup: one throwaway cluster for the run, removed after. */
import { startCluster } from "./postgres-cluster.js";

export default async function setup(): Promise<() => void> {
  const cluster = await startCluster();
  process.env.TEST_POSTGRES_URL = cluster.url;
  return () => cluster.remove();
}

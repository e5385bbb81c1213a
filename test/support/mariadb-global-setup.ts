/** `npm run test:mariadb`'s global setup: one throwaway MariaDB server for the run, removed after. */
import { startMariaDb } from "./mariadb-server.js";

export default async function setup(): Promise<() => void> {
  const server = await startMariaDb();
  process.env.TEST_MARIADB_URL = server.url;
  return () => server.remove();
}

/**
 * A TCP proxy on 127.0.0.1 that holds every chunk for a fixed delay each way: a database some
 * milliseconds away, as in production, on one machine. For the benchmarks only.
 * @packageDocumentation
 */
import net from "node:net";

/** A running proxy: its port, and a close function that ends every connection. */
export interface LatencyProxy {
  readonly port: number;
  readonly close: () => Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1 and forwards each connection to `target`, every chunk held
 * `delayMs` in each direction (timers of one delay fire in order, so bytes keep their order).
 */
export async function latencyProxy(target: URL, delayMs: number): Promise<LatencyProxy> {
  const sockets = new Set<net.Socket>();
  const relay = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
    from.on("end", () => setTimeout(() => to.end(), delayMs));
    from.on("error", () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

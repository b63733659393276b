import net from "node:net";

/**
 * A loopback TCP relay to `target` that a test can cut (every open connection dropped, new ones refused)
 * and mend, to play a database that goes away under a running process and comes back.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Drops every connection and refuses new ones (ECONNREFUSED) until `mend`. */
    async cut(): Promise<void> {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
    mend: () => listen(port),
    async close(): Promise<void> {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise((r) => server.close(r));
    },
  };
}
export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

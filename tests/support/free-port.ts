import dgram from "node:dgram";
import net from "node:net";

/** A loopback TCP port free right now (the OS picks it), for a peer a test starts. */
export async function freeTcpPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => srv.once("error", reject).listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The same for UDP (a SIP peer's signalling port). */
export async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket("udp4");
  await new Promise<void>((r) => s.bind(0, "127.0.0.1", r));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(r));
  return port;
}

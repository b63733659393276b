import dgram from "node:dgram";
import net from "node:net";

export type HostPort = { host: string; port: number };
export type SipProto = "udp" | "tcp";

/** Bytes of one SIP message from `from`; `answer` sends bytes back the way it came (the same TCP connection). */
export type WireMessage = (buf: Buffer, from: HostPort, answer: (buf: Buffer) => void) => void;

export type SipWire = {
  proto: SipProto;
  port: number;
  send(buf: Buffer, to: HostPort): void;
  close(): void;
};

const MAX_MESSAGE = 65_535;

/** UDP (RFC 3261 §18): one message per datagram. */
export async function openUdpWire(bind: HostPort, onMessage: WireMessage): Promise<SipWire> {
  const socket = dgram.createSocket(bind.host.includes(":") ? "udp6" : "udp4");
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(bind.port, bind.host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
  socket.unref(); // the server (or the test) decides when the process ends
  socket.on("error", () => {}); // ICMP errors on a connectionless socket: the transaction times out instead
  const send = (buf: Buffer, to: HostPort) => socket.send(buf, to.port, to.host);
  socket.on("message", (buf, r) => {
    const from = { host: r.address, port: r.port };
    onMessage(buf, from, (b) => send(b, from));
  });
  return { proto: "udp", port: socket.address().port, send, close: () => socket.close() };
}

/**
 * TCP (RFC 3261 §18.3): a stream framed by each message's Content-Length. Connections are kept per peer
 * address and reused; we also listen on SIP_BIND for the far end's own connections (its BYE). A stream that
 * cannot be framed (no Content-Length, an oversized head) is closed. `onUnreachable` reports a peer whose
 * connection failed, so its transactions fail at once instead of after 32 s.
 */
export async function openTcpWire(
  bind: HostPort,
  onMessage: WireMessage,
  onUnreachable: (to: HostPort) => void,
): Promise<SipWire> {
  const links = new Map<string, net.Socket>();
  const key = (h: HostPort) => `${h.host}:${h.port}`;

  function adopt(socket: net.Socket, peer: HostPort): void {
    links.set(key(peer), socket);
    socket.unref();
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    const answer = (b: Buffer) => void (socket.writable && socket.write(b));
    socket.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        while (buf.length >= 2 && buf[0] === 13 && buf[1] === 10) buf = buf.subarray(2); // CRLF keep-alives
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buf.length > MAX_MESSAGE) socket.destroy();
          return;
        }
        const length = /\r\n(?:content-length|l)[ \t]*:[ \t]*(\d{1,5})[ \t]*(?=\r\n|$)/i.exec(
          `\r\n${buf.subarray(0, end).toString("latin1")}`,
        );
        if (!length) return void socket.destroy();
        const total = end + 4 + Number(length[1]);
        if (total > MAX_MESSAGE) return void socket.destroy();
        if (buf.length < total) return;
        const message = buf.subarray(0, total);
        buf = buf.subarray(total);
        onMessage(message, peer, answer);
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (links.get(key(peer)) === socket) links.delete(key(peer));
    });
  }

  const server = net.createServer((socket) =>
    adopt(socket, { host: socket.remoteAddress ?? "", port: socket.remotePort ?? 0 }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(bind.port, bind.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();

  return {
    proto: "tcp",
    port: (server.address() as net.AddressInfo).port,
    send(b, to) {
      let socket = links.get(key(to));
      if (!socket || socket.destroyed) {
        socket = net.connect(to.port, to.host);
        socket.once("error", () => onUnreachable(to));
        adopt(socket, to);
      }
      socket.write(b);
    },
    close() {
      for (const s of links.values()) s.destroy();
      links.clear();
      server.close();
    },
  };
}

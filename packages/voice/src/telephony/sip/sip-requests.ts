import crypto from "node:crypto";
import { digestAuthorization, parseChallenge } from "./sip-digest.ts";
import { header, type SipHeaders, type SipRequest, type SipResponse } from "./sip-message.ts";
import type { HostPort, SipTransport } from "./sip-transport.ts";

export const USER_AGENT = "Parley";
export const ALLOW = "INVITE, ACK, CANCEL, BYE, OPTIONS";

export const randomTag = () => crypto.randomBytes(6).toString("hex");

export type Credentials = { username: string; password: string } | null;

/** A request with the headers every request carries (§8.1.1); the Via names our address and a new branch. */
export function buildRequest(
  t: SipTransport,
  r: {
    method: string;
    uri: string;
    from: string;
    to: string;
    callId: string;
    cseq: number;
    headers?: SipHeaders;
    body?: string;
  },
): SipRequest {
  return {
    kind: "request",
    method: r.method,
    uri: r.uri,
    body: r.body ?? "",
    headers: [
      ["via", via(t)],
      ["max-forwards", "70"],
      ["from", r.from],
      ["to", r.to],
      ["call-id", r.callId],
      ["cseq", `${r.cseq} ${r.method}`],
      ["user-agent", USER_AGENT],
      ...(r.headers ?? []),
    ],
  };
}

const via = (t: SipTransport) =>
  `SIP/2.0/${t.proto.toUpperCase()} ${hostPort(t.localAddress)};branch=${t.newBranch()};rport`;

/** Our Contact URI: over TCP it says so, so the far end's requests come back over TCP. */
export const contactUri = (t: SipTransport, user: string) =>
  `sip:${user}@${hostPort(t.localAddress)}${t.proto === "tcp" ? ";transport=tcp" : ""}`;

/** A host as a SIP URI writes it: an IPv6 address in brackets. */
export const uriHost = (host: string) => (host.includes(":") ? `[${host}]` : host);
export const hostPort = (h: HostPort) => `${uriHost(h.host)}:${h.port}`;

/**
 * The same request again with the answer to a 401/407 challenge (RFC 3261 §22.2, §22.3): a new branch and
 * the next CSeq; null when there is nothing to answer with (no credentials, a challenge we cannot read).
 */
export function withAuthorization(
  t: SipTransport,
  req: SipRequest,
  res: SipResponse,
  creds: Credentials,
  cseq: number,
): SipRequest | null {
  if (!creds) return null;
  const proxy = res.status === 407;
  const challenge = parseChallenge(header(res.headers, proxy ? "proxy-authenticate" : "www-authenticate") ?? "");
  if (!challenge) return null;
  const auth = digestAuthorization(challenge, { ...creds, method: req.method, uri: req.uri });
  const unsigned = {
    ...req,
    headers: req.headers.filter(([n]) => n !== "authorization" && n !== "proxy-authorization"),
  };
  const again = anew(t, unsigned, cseq);
  again.headers.push([proxy ? "proxy-authorization" : "authorization", auth]);
  return again;
}

/** The same request as a new transaction: a new branch and the given CSeq. */
export function anew(t: SipTransport, req: SipRequest, cseq: number): SipRequest {
  const headers = req.headers.map(([n, v]): [string, string] => {
    if (n === "via") return [n, via(t)];
    if (n === "cseq") return [n, `${cseq} ${req.method}`];
    return [n, v];
  });
  return { ...req, headers };
}

/**
 * SIP messages as text (RFC 3261 §7): a start line, headers, a blank line and a body sized by
 * Content-Length. Only what a user agent placing calls needs; anything malformed parses to null and the
 * caller drops it (the network may send us anything).
 */
export type SipHeaders = Array<[name: string, value: string]>;

export type SipRequest = { kind: "request"; method: string; uri: string; headers: SipHeaders; body: string };
export type SipResponse = { kind: "response"; status: number; reason: string; headers: SipHeaders; body: string };
export type SipMessage = SipRequest | SipResponse;

// RFC 3261 §7.3.3 compact header forms.
const COMPACT: Record<string, string> = {
  i: "call-id",
  f: "from",
  t: "to",
  v: "via",
  m: "contact",
  l: "content-length",
  c: "content-type",
  k: "supported",
  s: "subject",
};
const MAX_MESSAGE = 65_535;

export function parseSipMessage(data: Buffer | string): SipMessage | null {
  if (data.length === 0 || data.length > MAX_MESSAGE) return null;
  const text = typeof data === "string" ? data : data.toString("utf8");
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) return null;
  // Lines folded with leading whitespace continue the previous header (§7.3.1).
  const lines = text
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n");
  const start = lines.shift() ?? "";
  const headers: SipHeaders = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const raw = line.slice(0, colon).trim().toLowerCase();
    if (!/^[a-z0-9!%*_+`'~.-]+$/.test(raw)) return null;
    headers.push([COMPACT[raw] ?? raw, line.slice(colon + 1).trim()]);
  }
  let body = text.slice(split + 4);
  const length = header(headers, "content-length");
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) return null;
    const n = Number(length);
    const bytes = Buffer.from(body, "utf8");
    if (bytes.length < n) return null; // truncated datagram
    body = bytes.subarray(0, n).toString("utf8");
  }
  for (const must of ["via", "call-id", "cseq", "from", "to"]) if (header(headers, must) === undefined) return null;
  if (!parseCSeq(header(headers, "cseq")!)) return null;
  const resp = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/.exec(start);
  if (resp) return { kind: "response", status: Number(resp[1]), reason: resp[2] ?? "", headers, body };
  const req = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(start);
  if (req) return { kind: "request", method: req[1]!, uri: req[2]!, headers, body };
  return null;
}

export function serializeSip(m: SipMessage): Buffer {
  const start = m.kind === "request" ? `${m.method} ${m.uri} SIP/2.0` : `SIP/2.0 ${m.status} ${m.reason}`;
  const body = Buffer.from(m.body, "utf8");
  const lines = m.headers.filter(([n]) => n !== "content-length").map(([n, v]) => `${canonicalName(n)}: ${v}`);
  lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${start}\r\n${lines.join("\r\n")}\r\n\r\n`, "utf8"), body]);
}

/** The first value of a header (case-insensitive name), or undefined. */
export function header(headers: SipHeaders, name: string): string | undefined {
  const n = name.toLowerCase();
  return headers.find(([h]) => h === n)?.[1];
}

/** Every value of a header, comma-separated lists split (Via, Record-Route, Route, Contact). */
export function headerList(headers: SipHeaders, name: string): string[] {
  const n = name.toLowerCase();
  return headers.filter(([h]) => h === n).flatMap(([, v]) => splitList(v));
}

/** Splits on commas outside quotes and angle brackets. */
export function splitList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (const ch of value) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "<") depth++;
    else if (!quoted && ch === ">") depth = Math.max(0, depth - 1);
    if (ch === "," && !quoted && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

export function parseCSeq(value: string): { seq: number; method: string } | null {
  const m = /^(\d{1,10})\s+([A-Z]+)$/.exec(value.trim());
  return m ? { seq: Number(m[1]), method: m[2]! } : null;
}

/** A name-addr or addr-spec (From, To, Contact, Record-Route): its URI and its header parameters (tag, lr…). */
export function parseNameAddr(value: string): { uri: string; params: Record<string, string> } {
  const angle = /<([^>]*)>(.*)$/.exec(value);
  const uri = angle ? angle[1]!.trim() : value.split(";")[0]!.trim();
  const rest = angle ? angle[2]! : value.slice(value.indexOf(";") >= 0 ? value.indexOf(";") : value.length);
  const params: Record<string, string> = {};
  for (const p of rest.split(";").slice(1)) {
    const [k, v] = p.split("=");
    if (k?.trim()) params[k.trim().toLowerCase()] = (v ?? "").trim();
  }
  return { uri, params };
}

/** Host and port of a sip: URI (its user part, parameters and headers ignored); null for anything else. */
export function uriHostPort(uri: string): { host: string; port: number | null } | null {
  const m = /^sips?:(?:[^@;>]*@)?(\[[0-9a-fA-F:.]+\]|[^:;>?]+)(?::(\d{1,5}))?/i.exec(uri.trim());
  if (!m) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ""), port: m[2] ? Number(m[2]) : null };
}

function canonicalName(n: string): string {
  const special: Record<string, string> = {
    "call-id": "Call-ID",
    cseq: "CSeq",
    "www-authenticate": "WWW-Authenticate",
    via: "Via",
  };
  return special[n] ?? n.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
}

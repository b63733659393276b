import { header, headerList, parseNameAddr, type SipRequest } from "./sip-message.ts";

/** What an incoming INVITE says of the call: the number dialled and who is calling ("" when withheld). */
export type CallParties = { to: string; from: string };

const WITHHELD = "";

/** The user part of a sip: URI ("sip:+15550100@pbx" → "+15550100"), or a tel: URI's number; "" when it has none. */
export function uriUser(uri: string): string {
  const u = uri.trim();
  const tel = /^tel:([^;>]+)/i.exec(u);
  return decodeURIComponent(tel?.[1] ?? /^sips?:([^@;>]+)@/i.exec(u)?.[1] ?? "");
}

/**
 * The number dialled is the Request-URI's user (a trunk puts the DID there), else To's. The caller is the identity
 * the network asserts before From: many trunks put their own account or "anonymous" in From and the caller's
 * number in P-Asserted-Identity (RFC 3325), or in Remote-Party-ID (Cisco gear and older Asterisk). Only INVITEs
 * from the trunk or a peer that authenticated get here, which is the trust RFC 3325 asks for. A caller who asked
 * for privacy (Privacy: id, or Remote-Party-ID's privacy=full|uri), or who is anonymous in From (RFC 3323 §4.1.1.3:
 * sip:anonymous@anonymous.invalid) with nothing asserted, is withheld.
 */
export function callParties(invite: SipRequest): CallParties {
  const to = uriUser(invite.uri) || uriUser(parseNameAddr(header(invite.headers, "to") ?? "").uri);
  return { to, from: callerNumber(invite) };
}

function callerNumber(invite: SipRequest): string {
  const privacy = headerList(invite.headers, "privacy").flatMap((v) =>
    v
      .toLowerCase()
      .split(";")
      .map((p) => p.trim()),
  );
  if (privacy.includes("id")) return WITHHELD;
  // Of a sip: and a tel: identity (RFC 3325 §9.1) the tel: one is the number; else the first with a user part.
  const identities = headerList(invite.headers, "p-asserted-identity").map((v) => parseNameAddr(v).uri);
  const asserted = uriUser(identities.find((u) => /^tel:/i.test(u)) ?? "") || identities.map(uriUser).find(Boolean);
  if (asserted) return asserted;
  const rpid = headerList(invite.headers, "remote-party-id")
    .map(parseNameAddr)
    .find((r) => (r.params.party ?? "calling") === "calling");
  if (rpid && /^(full|uri)$/i.test(rpid.params.privacy ?? "")) return WITHHELD;
  if (rpid && uriUser(rpid.uri)) return uriUser(rpid.uri);
  const from = parseNameAddr(header(invite.headers, "from") ?? "").uri;
  return /^sips?:anonymous@|@anonymous\.invalid$/i.test(from) ? WITHHELD : uriUser(from);
}

import type { Credentials } from "./sip-requests.ts";
import { header, type SipHeaders, type SipRequest } from "./sip-message.ts";
import { digestParams } from "./sip-digest.ts";
import { createDigestChallenger } from "./sip-digest-challenger.ts";
import { createDigestThrottle, digestRules, failureDelayMs } from "./sip-digest-throttle.ts";
import type { HostPort } from "./sip-transport.ts";

/** An INVITE let through, or the answer it gets instead, sent `delayMs` later. */
export type GateVerdict = "pass" | { status: 401 | 403; reason: string; headers: SipHeaders; delayMs: number };

/**
 * Who may ring the agent. INVITEs from the trunk's addresses pass unchallenged only with `trustTrunk`
 * (SIP_TRUST_TRUNK: providers that authenticate by address); every other INVITE answers a digest challenge
 * with SIP_USERNAME / SIP_PASSWORD, its failures counted and locked out like sign-ins (sip-digest-throttle.ts).
 */
export function createInviteGate(o: {
  realm: string;
  credentials: Credentials;
  trustTrunk: boolean;
  isTrunk: (host: string) => Promise<boolean>;
  log: (level: "info" | "warn", message: string) => void;
  now?: () => number;
}) {
  const challenger = createDigestChallenger({ realm: o.realm, now: o.now });
  const throttle = createDigestThrottle({ now: o.now });
  const warnedTrunks = new Set<string>();
  const challenge = (host: string, stale = false, delayMs = 0): GateVerdict => ({
    status: 401,
    reason: "Unauthorized",
    headers: [["www-authenticate", challenger.challenge(host, stale)]],
    delayMs,
  });
  const forbidden = (headers: SipHeaders = []): GateVerdict => ({
    status: 403,
    reason: "Forbidden",
    headers,
    delayMs: 0,
  });

  return {
    async check(req: SipRequest, from: HostPort): Promise<GateVerdict> {
      const who = `${from.host}:${from.port}`;
      const trunk = await o.isTrunk(from.host);
      if (trunk && o.trustTrunk) return "pass";
      if (!o.credentials) {
        o.log(
          "warn",
          trunk
            ? `SIP: refused an INVITE from the trunk's address ${who}: set SIP_TRUST_TRUNK=1 to take the ` +
                "trunk's calls unauthenticated, or SIP_USERNAME and SIP_PASSWORD for it to authenticate."
            : `SIP: refused an INVITE from ${who}, which is not the trunk (set ` +
                "SIP_USERNAME and SIP_PASSWORD to let a PBX authenticate).",
        );
        return forbidden();
      }
      const authorization = header(req.headers, "authorization");
      if (!authorization) {
        if (trunk && !warnedTrunks.has(from.host)) {
          warnedTrunks.add(from.host);
          o.log(
            "info",
            `SIP: challenged an INVITE from the trunk's address ${who} ` +
              "(SIP_TRUST_TRUNK=1 takes the trunk's calls unauthenticated).",
          );
        }
        return challenge(from.host);
      }
      const rules = digestRules(digestParams(authorization)?.username ?? "", from.host);
      const locked = throttle.lockedMs(rules);
      if (locked > 0) return forbidden([["retry-after", String(Math.ceil(locked / 1000))]]);
      const verdict = challenger.verify(authorization, "INVITE", o.credentials, from.host);
      if (verdict === "ok") {
        throttle.succeeded(rules);
        return "pass";
      }
      if (verdict === "stale") return challenge(from.host, true);
      const failed = throttle.failed(rules);
      if (failed.lockedMs > 0)
        o.log(
          "warn",
          `SIP: ${failed.failures} failed digest answers from ${who}: its INVITEs ` +
            `are refused (403) for ${Math.ceil(failed.lockedMs / 1000)} s.`,
        );
      return challenge(from.host, false, failureDelayMs(failed.failures));
    },
  };
}

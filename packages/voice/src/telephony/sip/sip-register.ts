import crypto from "node:crypto";
import { header, headerList, parseNameAddr, type SipRequest, type SipResponse } from "./sip-message.ts";
import { anew, buildRequest, contactUri, randomTag, withAuthorization, type Credentials } from "./sip-requests.ts";
import type { HostPort, SipTransport } from "./sip-transport.ts";
import { FAILOVER_SILENCE_MS } from "./trunk-address.ts";

const EXPIRES = 300;
const RETRY_MS = 30_000;
/**
 * While registered, an OPTIONS this often to the server that took the registration: it keeps a NAT's mapping
 * open, so the trunk's INVITEs still reach a Parley behind a router (many drop an idle UDP mapping within a
 * minute), and a server gone silent is noticed in seconds, not at the next refresh.
 */
export const KEEPALIVE_MS = 25_000;

/**
 * Keeps the account registered at the trunk (RFC 3261 §10): REGISTER with our Contact, digest on 401/407,
 * refreshed at half the granted lifetime, retried every 30 s after a failure. Each attempt goes to the trunk's
 * servers in order, the next one when one sends nothing back; the server that took it is pinged (KEEPALIVE_MS)
 * and, when it stops answering, registration starts again at once. `first` settles with the first attempt's
 * result so start-up can say when registration fails.
 */
export function keepRegistered(o: {
  transport: SipTransport;
  /** The registrar's URI (sip:<trunk's domain>) and where its requests go, best first (RFC 3263). */
  registrar: string;
  targets: () => Promise<HostPort[]>;
  /** A server that did not answer, and the one tried next (none: registration starts over). */
  onSilentTarget?: (silent: HostPort, next?: HostPort) => void;
  aor: string;
  credentials: Credentials;
  onResult: (ok: boolean, message: string) => void;
}) {
  const t = o.transport;
  const callId = `${crypto.randomBytes(12).toString("hex")}@parley`;
  const from = `<${o.aor}>;tag=${randomTag()}`;
  const registrar = o.registrar;
  const user = /^sips?:([^@]+)@/.exec(o.aor)?.[1] ?? "parley";
  const contact = `<${contactUri(t, user)}>`;
  let cseq = 0;
  let timer: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;
  let stopped = false;
  let resolveFirst: (r: { ok: boolean; message: string }) => void = () => {};
  const first = new Promise<{ ok: boolean; message: string }>((r) => (resolveFirst = r));

  const report = (ok: boolean, message: string) => {
    resolveFirst({ ok, message });
    o.onResult(ok, message);
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(register, ms);
    timer.unref();
  };

  async function register(expires = EXPIRES): Promise<void> {
    const targets = await o.targets();
    let at = 0;
    let req: SipRequest = buildRequest(t, {
      method: "REGISTER",
      uri: registrar,
      from,
      to: `<${o.aor}>`,
      callId,
      cseq: ++cseq,
      headers: [
        ["contact", contact],
        ["expires", String(expires)],
      ],
    });
    const send = () =>
      t.request(req, targets[at]!, onResponse, targets[at + 1] ? { silentMs: FAILOVER_SILENCE_MS } : {});
    let authTries = 0;
    const onResponse = (res: SipResponse | "timeout") => {
      if (stopped && expires > 0) return;
      if (res === "timeout" && targets[at + 1]) {
        o.onSilentTarget?.(targets[at]!, targets[at + 1]!);
        at++;
        req = anew(t, req, ++cseq);
        return void send();
      }
      if (res === "timeout") {
        report(false, `SIP registration at ${registrar} failed: the registrar did not answer.`);
        return schedule(RETRY_MS);
      }
      if (res.status < 200) return;
      if ((res.status === 401 || res.status === 407) && authTries++ < 2) {
        const again = withAuthorization(t, req, res, o.credentials, ++cseq);
        if (again) {
          req = again;
          return void send();
        }
      }
      if (expires === 0) return;
      if (res.status >= 300) {
        const creds = res.status === 401 || res.status === 407 ? " (check SIP_USERNAME and SIP_PASSWORD)" : "";
        report(false, `SIP registration at ${registrar} failed: ${res.status} ${res.reason}${creds}.`);
        return schedule(RETRY_MS);
      }
      const granted = grantedExpires(res, contact) ?? expires;
      report(true, `Registered ${o.aor} at ${registrar} for ${granted} s.`);
      schedule(Math.max(5, granted / 2) * 1000);
      keepAlive(targets[at]!, targets.length > 1);
    };
    send();
  }

  function keepAlive(hop: HostPort, others: boolean): void {
    if (pinger) clearInterval(pinger);
    pinger = setInterval(() => {
      const ping = buildRequest(t, {
        method: "OPTIONS",
        uri: registrar,
        from,
        to: `<${registrar}>`,
        callId: `${crypto.randomBytes(12).toString("hex")}@parley`,
        cseq: 1,
      });
      t.request(
        ping,
        hop,
        (res) => {
          // Any answer, even a refusal, says the server is there.
          if (res !== "timeout" || stopped) return;
          if (pinger) clearInterval(pinger);
          if (timer) clearTimeout(timer);
          o.onSilentTarget?.(hop);
          void register();
        },
        others ? { silentMs: FAILOVER_SILENCE_MS } : {},
      );
    }, KEEPALIVE_MS);
    pinger.unref();
  }

  void register();
  return {
    first,
    /** Stops refreshing and removes our binding (Expires: 0). */
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (pinger) clearInterval(pinger);
      void register(0);
    },
  };
}

function grantedExpires(res: SipResponse, ours: string): number | null {
  const mine = parseNameAddr(ours).uri;
  for (const c of headerList(res.headers, "contact")) {
    const { uri, params } = parseNameAddr(c);
    if (uri === mine && params.expires && /^\d+$/.test(params.expires)) return Number(params.expires);
  }
  const h = header(res.headers, "expires");
  return h && /^\d+$/.test(h) ? Number(h) : null;
}

import crypto from "node:crypto";
import { header, headerList, parseNameAddr, type SipRequest, type SipResponse } from "./sip-message.ts";
import { buildRequest, contactUri, hostPort, randomTag, withAuthorization, type Credentials } from "./sip-requests.ts";
import type { HostPort, SipTransport } from "./sip-transport.ts";

const EXPIRES = 300;
const RETRY_MS = 30_000;

/**
 * Keeps the account registered at the trunk (RFC 3261 §10): REGISTER with our Contact, digest on 401/407,
 * refreshed at half the granted lifetime, retried every 30 s after a failure. `first` settles with the
 * first attempt's result so start-up can say when registration fails.
 */
export function keepRegistered(o: { transport: SipTransport; trunk: HostPort; aor: string; credentials: Credentials; onResult: (ok: boolean, message: string) => void }) {
  const t = o.transport;
  const callId = `${crypto.randomBytes(12).toString("hex")}@parley`;
  const from = `<${o.aor}>;tag=${randomTag()}`;
  const registrar = `sip:${hostPort(o.trunk)}`;
  const user = /^sips?:([^@]+)@/.exec(o.aor)?.[1] ?? "parley";
  const contact = `<${contactUri(t, user)}>`;
  let cseq = 0;
  let timer: NodeJS.Timeout | null = null;
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

  function register(expires = EXPIRES): void {
    let req: SipRequest = buildRequest(t, {
      method: "REGISTER", uri: registrar, from, to: `<${o.aor}>`, callId, cseq: ++cseq,
      headers: [["contact", contact], ["expires", String(expires)]],
    });
    let authTries = 0;
    const onResponse = (res: SipResponse | "timeout") => {
      if (stopped && expires > 0) return;
      if (res === "timeout") {
        report(false, `SIP registration at ${registrar} failed: the registrar did not answer.`);
        return schedule(RETRY_MS);
      }
      if (res.status < 200) return;
      if ((res.status === 401 || res.status === 407) && authTries++ < 2) {
        const again = withAuthorization(t, req, res, o.credentials, ++cseq);
        if (again) {
          req = again;
          t.request(req, o.trunk, onResponse);
          return;
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
    };
    t.request(req, o.trunk, onResponse);
  }

  register();
  return {
    first,
    /** Stops refreshing and removes our binding (Expires: 0). */
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      register(0);
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

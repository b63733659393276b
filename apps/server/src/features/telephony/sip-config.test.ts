import { test } from "node:test";
import assert from "node:assert/strict";
import { loadConfig } from "../../platform/config.ts";

test("SIP settings are read only when TELEPHONY=sip, with defaults and clear errors", () => {
  assert.equal(loadConfig({}).voice.sip, null);
  assert.throws(() => loadConfig({ TELEPHONY: "sip" }), /SIP_TRUNK: required when TELEPHONY=sip/);
  assert.throws(() => loadConfig({ TELEPHONY: "sip", SIP_TRUNK: "pbx.local" }), /SIP_TRUNK: must be sip:host\[:port\]/);
  assert.throws(
    () => loadConfig({ TELEPHONY: "sip", SIP_TRUNK: "sip:pbx.local;transport=tls" }),
    /SIP_TRUNK: must be sip:host\[:port\], optionally ;transport=tcp/,
  );
  assert.equal(
    loadConfig({ TELEPHONY: "sip", SIP_TRUNK: "sip:pbx.local:5080;transport=tcp", SIP_PUBLIC_HOST: "1.2.3.4" }).voice
      .sip!.transport,
    "tcp",
  );
  assert.throws(
    () =>
      loadConfig({
        TELEPHONY: "sip",
        SIP_TRUNK: "sip:pbx.local",
        SIP_USERNAME: "100",
        SIP_BIND: "everywhere",
        RTP_PORTS: "20000-10000",
        SIP_PUBLIC_HOST: "1.2.3.4",
      }),
    new RegExp(
      String.raw`SIP_USERNAME \/ SIP_PASSWORD: set both[\s\S]*SIP_BIND: must be an IP ad` +
        String.raw`dress and port[\s\S]*RTP_PORTS: must be a range`,
    ),
  );
  assert.throws(
    () => loadConfig({ TELEPHONY: "sip", SIP_TRUNK: "sip:pbx.local", SIP_REGISTER: "1", SIP_PUBLIC_HOST: "1.2.3.4" }),
    /SIP_REGISTER: registering needs SIP_USERNAME/,
  );
  assert.throws(() => loadConfig({ RTP_PORTS: "many" }), /RTP_PORTS: must be a range such as 10000-20000/);
  assert.throws(() => loadConfig({ DTMF_OPT_OUT_DIGIT: "99" }), /DTMF_OPT_OUT_DIGIT: must be one key: 0-9, \* or #/);
  assert.equal(loadConfig({ DTMF_OPT_OUT_DIGIT: "9" }).voice.dtmfOptOutDigit, "9");
  assert.equal(loadConfig({}).voice.dtmfOptOutDigit, null);
  // No port: the domain, looked up as SRV records when the telephony starts (trunk-address.ts).
  const cfg = loadConfig({
    TELEPHONY: "sip",
    SIP_TRUNK: "sip:pbx.local",
    SIP_PUBLIC_HOST: "203.0.113.5",
    SIP_USERNAME: "100",
    SIP_PASSWORD: "pw",
    SIP_REGISTER: "1",
    SIP_FROM: "+15550001111",
  });
  assert.deepEqual(cfg.voice.sip, {
    trunk: { host: "pbx.local", port: null },
    transport: "udp",
    trustTrunk: false,
    username: "100",
    password: "pw",
    register: true,
    bind: { host: "0.0.0.0", port: 5060 },
    publicHost: "203.0.113.5",
    rtpPorts: { min: 10000, max: 20000 },
    from: "+15550001111",
    ringTimeoutMs: 45_000,
    silenceTimeoutMs: 10_000,
  });
  const bound = loadConfig({
    TELEPHONY: "sip",
    SIP_TRUNK: "sip:sip.provider.example:5080",
    SIP_BIND: "192.0.2.10:5070",
    RTP_PORTS: "30000-30100",
  }).voice.sip!;
  assert.deepEqual(
    [bound.trunk, bound.bind, bound.publicHost, bound.rtpPorts],
    [
      { host: "sip.provider.example", port: 5080 },
      { host: "192.0.2.10", port: 5070 },
      "192.0.2.10",
      { min: 30000, max: 30100 },
    ],
  );
});

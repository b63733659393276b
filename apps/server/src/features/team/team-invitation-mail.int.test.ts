import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startSmtpReceiver, type SmtpReceiver } from "../../../../../tests/support/smtp-receiver.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { createLogger } from "../../platform/logger.ts";
import { startTeamMailLoop } from "./team.wiring.ts";

const log = createLogger({ logLevel: "silent" } as never);
const ORIGIN = "https://parley.team.example";

for (const kind of await routeDbKinds()) {
  describe(`team invitations by email (${kind})`, () => {
    let t: TestApp;
    let rx: SmtpReceiver;
    let owner: TestUser;
    let loop: ReturnType<typeof startTeamMailLoop>;
    // Real time plus an offset the retry test moves forward past the first retry's 5 s.
    const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
    before(async () => {
      rx = await startSmtpReceiver();
      t = await startTestApp(kind, { clock, env: { SMTP_URL: rx.url, SMTP_FROM: "Parley <team@parley.example>" } });
      owner = await buildUser(t);
      loop = startTeamMailLoop(t.services.team, { log, intervalMs: 50 });
    });
    after(async () => {
      await loop.stop();
      await rx.close();
      await t.close();
    });

    /** The browser sends its Origin: the link is written with it (no PUBLIC_URL here). */
    const invite = async (email: string, role = "member", origin: string | null = ORIGIN) => {
      const res = await t.request("POST", "/api/team/invitations", {
        token: owner.token,
        body: { email, role },
        headers: origin ? { origin } : {},
      });
      assert.equal(res.status, 201, res.text);
      return res.body as {
        invitation: { id: string; mail: { status: string; last_error: string | null } };
        token: string;
        link: string;
      };
    };
    const mailTo = (email: string) => rx.received.filter((m) => m.envelopeTo.includes(email));
    const mailOf = async (id: string) =>
      (
        (await t.request("GET", "/api/team", { token: owner.token })).body.invitations as Array<{
          id: string;
          mail: any;
        }>
      ).find((i) => i.id === id)!.mail;
    const storedBodies = async (id: string) =>
      (
        await t.db.query<{ body: string | null }>("select body from team_invitation_mails where invitation_id = $1", [
          id,
        ])
      ).map((r) => r.body);

    test("an invitation emails a one-time link that signs the invitee up; the link is not kept once sent", async () => {
      const sent = await invite("lin.mail@example.com", "admin");
      assert.equal(sent.invitation.mail.status, "pending");
      assert.equal(sent.link, `${ORIGIN}/invite/${sent.token}`);
      const [sealed] = await storedBodies(sent.invitation.id);
      assert.ok(sealed && !sealed.includes(sent.token), "the queued link is sealed, never stored in the clear");

      await until(async () => mailTo("lin.mail@example.com").length === 1, {
        ms: 10_000,
        what: "the invitation email",
      });
      const { mail } = mailTo("lin.mail@example.com")[0]!;
      assert.equal(
        mail.subject,
        "Ada Lovelace invited you to join " +
          `${(await t.request("GET", "/api/auth/me", { token: owner.token })).body.user.organization_name} on Parley`,
      );
      assert.equal(mail.from?.value[0]?.address, "team@parley.example");
      assert.match(mail.text ?? "", /on Parley as Admin\./);
      const link = (mail.text ?? "").match(/https:\/\/\S+/)?.[0];
      assert.equal(link, sent.link);

      await until(async () => (await mailOf(sent.invitation.id)).status === "sent", {
        ms: 5_000,
        what: "the sent state",
      });
      assert.ok((await mailOf(sent.invitation.id)).sent_at);
      assert.deepEqual(await storedBodies(sent.invitation.id), [null], "only the hash remains once the email is out");

      const token = new URL(link!).pathname.split("/").pop()!;
      const accepted = await t.request("POST", "/api/team/invitations/accept", {
        body: { token, first_name: "Lin", last_name: "Mail", username: `lin_${kind}`, password: "a long passphrase" },
      });
      assert.equal(accepted.status, 200, accepted.text);
      assert.equal(accepted.body.user.organization_id, owner.orgId);
      assert.equal(accepted.body.user.role, "admin");
    });

    test("a new link is emailed and the old one stops working; a revoked invitation's email is not sent", async () => {
      const first = await invite("renew.mail@example.com");
      await until(async () => mailTo("renew.mail@example.com").length === 1, { ms: 10_000, what: "the first email" });
      const renewed = await t.request("POST", `/api/team/invitations/${first.invitation.id}/link`, {
        token: owner.token,
        headers: { origin: ORIGIN },
      });
      assert.equal(renewed.status, 200);
      assert.equal(renewed.body.invitation.mail.status, "pending");
      await until(async () => mailTo("renew.mail@example.com").length === 2, { ms: 10_000, what: "the second email" });
      assert.ok(mailTo("renew.mail@example.com")[1]!.mail.text?.includes(renewed.body.link));
      assert.equal(
        (await t.request("POST", "/api/team/invitations/preview", { body: { token: first.token } })).status,
        404,
      );

      // The mail server is down: the email waits with the server's error and is not sent once revoked.
      await rx.close();
      try {
        const held = await invite("revoked.mail@example.com");
        await until(async () => (await mailOf(held.invitation.id)).last_error !== null, {
          ms: 15_000,
          what: "the failed first try",
        });
        const waiting = await mailOf(held.invitation.id);
        assert.equal(waiting.status, "pending");
        assert.ok(waiting.next_attempt_at, "the next try is shown");
        assert.equal(
          (await t.request("DELETE", `/api/team/invitations/${held.invitation.id}`, { token: owner.token })).status,
          204,
        );
        assert.deepEqual(
          await storedBodies(held.invitation.id),
          [null],
          "a revoked invitation's link leaves the database",
        );
        const status = await t.db.query<{ status: string }>(
          "select status from team_invitation_mails where invitation_id = $1",
          [held.invitation.id],
        );
        assert.equal(status[0]!.status, "superseded");
      } finally {
        await rx.listen();
      }
    });

    test("an outage is retried on the shared schedule, and the email goes out once the server is back", async () => {
      await rx.close();
      let sent: Awaited<ReturnType<typeof invite>> | undefined;
      try {
        sent = await invite("retry.mail@example.com");
        await until(async () => (await mailOf(sent!.invitation.id)).last_error !== null, {
          ms: 15_000,
          what: "the failed first try",
        });
      } finally {
        await rx.listen();
      }
      clock.offsetMs = 10_000; // past the first retry's 5 s
      try {
        await until(async () => mailTo("retry.mail@example.com").length === 1, {
          ms: 15_000,
          what: "the retried email",
        });
        await until(async () => (await mailOf(sent.invitation.id)).status === "sent", {
          ms: 5_000,
          what: "the sent state",
        });
      } finally {
        clock.offsetMs = 0;
      }
    });

    test("with no address for the link (no PUBLIC_URL, no Origin) nothing is emailed; the screen is told", async () => {
      const sent = await invite("no.origin@example.com", "member", null);
      assert.equal(sent.link, `/invite/${sent.token}`);
      assert.equal(sent.invitation.mail.status, "not_sent");
      assert.equal(
        (await t.db.query("select 1 from team_invitation_mails where invitation_id = $1", [sent.invitation.id])).length,
        0,
      );
    });
  });
}

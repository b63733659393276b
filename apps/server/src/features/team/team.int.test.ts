import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";

const DAY_MS = 86_400_000;
const newcomer = (n: string) => ({
  first_name: "Grace",
  last_name: "Hopper",
  username: `grace_${n}`,
  password: "cobol forever 1959",
});

for (const kind of await routeDbKinds()) {
  describe(`team and invitations over HTTP (${kind})`, () => {
    let t: TestApp;
    // Real time plus an offset the expiry test moves forward.
    const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
    before(async () => {
      t = await startTestApp(kind, { clock });
    });
    after(() => t.close());

    const invite = async (owner: TestUser, email: string, role = "member") => {
      const res = await t.request("POST", "/api/team/invitations", { token: owner.token, body: { email, role } });
      assert.equal(res.status, 201, res.text);
      return res.body as {
        invitation: { id: string; email: string; role: string; expires_at: string };
        token: string;
        path: string;
      };
    };

    test("invite; the invitee signs up by the link, signs in and lands in the organisation as a member", async () => {
      const owner = await buildUser(t);
      const sent = await invite(owner, "Grace.New@Example.com");
      assert.equal(sent.invitation.email, "grace.new@example.com");
      assert.equal(sent.path, `/invite/${sent.token}`);
      assert.equal(
        (sent.invitation as { mail?: { status: string } }).mail?.status,
        "not_configured",
        "no SMTP_URL: the link is only shown to copy",
      );
      const days = (Date.parse(sent.invitation.expires_at) - Date.now()) / DAY_MS;
      assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
      const stored = await t.db.query<{ token_hash: string }>("select token_hash from team_invitations where id = $1", [
        sent.invitation.id,
      ]);
      assert.notEqual(stored[0]!.token_hash, sent.token, "only the token's hash is stored");

      const listed = await t.request("GET", "/api/team", { token: owner.token });
      assert.equal(listed.body.invitations.length, 1);
      assert.equal(listed.body.invitations[0].invited_by, "Ada Lovelace");

      const preview = await t.request("POST", "/api/team/invitations/preview", { body: { token: sent.token } });
      assert.equal(preview.status, 200);
      assert.equal(
        preview.body.organization_name,
        (await t.request("GET", "/api/auth/me", { token: owner.token })).body.user.organization_name,
      );
      assert.equal(preview.body.role, "member");

      const bad = await t.request("POST", "/api/team/invitations/accept", {
        body: { token: sent.token, ...newcomer("x"), password: "short" },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error.message, /at least 8 characters/);

      const account = newcomer(crypto.randomUUID().slice(0, 8));
      const accepted = await t.request("POST", "/api/team/invitations/accept", {
        body: { token: sent.token, ...account },
      });
      assert.equal(accepted.status, 200, accepted.text);
      assert.equal(accepted.body.user.organization_id, owner.orgId);
      assert.equal(accepted.body.user.role, "member");
      assert.equal(accepted.body.user.email, "grace.new@example.com");

      const login = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: account.username, password: account.password },
      });
      assert.equal(login.status, 200);
      assert.equal(
        login.body.user.organization_id,
        owner.orgId,
        "their only organisation is the one that invited them",
      );
      assert.equal(login.body.user.role, "member");
      const orgs = await t.request("GET", "/api/organizations", { token: login.body.access_token });
      assert.equal(orgs.status, 200);
      assert.equal(JSON.stringify(orgs.body).includes(owner.orgId), true);
      // A member may not manage the team.
      assert.equal((await t.request("GET", "/api/team", { token: login.body.access_token })).status, 403);

      const team = await t.request("GET", "/api/team", { token: owner.token });
      assert.deepEqual(
        team.body.members.map((m: { role: string }) => m.role),
        ["owner", "member"],
      );
      assert.equal(team.body.invitations.length, 0, "an accepted invitation is no longer pending");

      const reused = await t.request("POST", "/api/team/invitations/accept", {
        body: { token: sent.token, ...newcomer("y") },
      });
      assert.equal(reused.status, 409);
      assert.match(reused.body.error.message, /already been used/);
    });

    test("an existing account joins with its own bearer token and lands in the new organisation", async () => {
      const owner = await buildUser(t);
      const other = await buildUser(t);
      const sent = await invite(owner, other.email, "admin");
      const anonymous = await t.request("POST", "/api/team/invitations/accept", { body: { token: sent.token } });
      assert.equal(anonymous.status, 401);
      const joined = await t.request("POST", "/api/team/invitations/accept", {
        token: other.token,
        body: { token: sent.token },
      });
      assert.equal(joined.status, 200, joined.text);
      assert.equal(joined.body.user.organization_id, owner.orgId);
      assert.equal(joined.body.user.role, "admin");
      const orgs = await t.request("GET", "/api/organizations", { token: other.token });
      assert.ok(JSON.stringify(orgs.body).includes(owner.orgId) && JSON.stringify(orgs.body).includes(other.orgId));
      const dup = await t.request("POST", "/api/team/invitations", {
        token: owner.token,
        body: { email: other.email, role: "member" },
      });
      assert.equal(dup.status, 409);
    });

    test("a link is spent only by the invited email: another's bearer, API key, second use are refused", async () => {
      const owner = await buildUser(t);
      const invited = await buildUser(t);
      const intruder = await buildUser(t);
      const sent = await invite(owner, invited.email.toUpperCase(), "admin");

      // Someone who got hold of the link cannot join with their own account.
      const wrong = await t.request("POST", "/api/team/invitations/accept", {
        token: intruder.token,
        body: { token: sent.token },
      });
      assert.equal(wrong.status, 403);
      assert.equal(wrong.body.error.code, "forbidden");
      assert.match(
        wrong.body.error.message,
        new RegExp(`This invitation is for ${invited.email}, and you are signed in as ${intruder.email}`),
      );
      // Nor with an API key, even one made by the invited person (it acts for their organisation, not as them).
      const key = await t.request("POST", "/api/api-keys", {
        token: invited.token,
        body: { name: "CRM", scope: "write" },
      });
      assert.equal(key.status, 201, key.text);
      const byKey = await t.request("POST", "/api/team/invitations/accept", {
        token: key.body.secret,
        body: { token: sent.token },
      });
      assert.equal(byKey.status, 403);
      assert.match(byKey.body.error.message, /An API key cannot accept an invitation/);
      // Neither attempt spent the link: the invited account still joins with it, as the role invited, once.
      const team = async () =>
        (await t.request("GET", "/api/team", { token: owner.token })).body as {
          members: Array<{ user_id: string; role: string }>;
          invitations: unknown[];
        };
      assert.equal((await team()).members.length, 1);
      assert.equal((await team()).invitations.length, 1);
      const joined = await t.request("POST", "/api/team/invitations/accept", {
        token: invited.token,
        body: { token: sent.token },
      });
      assert.equal(joined.status, 200, joined.text);
      assert.equal(joined.body.user.role, "admin");
      const again = await t.request("POST", "/api/team/invitations/accept", {
        token: invited.token,
        body: { token: sent.token },
      });
      assert.equal(again.status, 409);
      assert.match(again.body.error.message, /already been used/);
      const late = await t.request("POST", "/api/team/invitations/accept", {
        token: intruder.token,
        body: { token: sent.token },
      });
      assert.equal(late.status, 409, "a spent link says so, whoever holds it");
      assert.deepEqual((await team()).members.map((m) => m.user_id).sort(), [owner.userId, invited.userId].sort());
    });

    test("a link used by several sign-ups at once makes one account and member; the others hear it was", async () => {
      const owner = await buildUser(t);
      const sent = await invite(owner, "race@example.com");
      const tries = await Promise.all(
        ["a", "b", "c", "d"].map((n) =>
          t.request("POST", "/api/team/invitations/accept", {
            body: { token: sent.token, ...newcomer(`race_${n}_${sent.invitation.id.slice(0, 6)}`) },
          }),
        ),
      );
      assert.deepEqual(tries.map((r) => r.status).sort(), [200, 409, 409, 409], tries.map((r) => r.text).join("\n"));
      for (const lost of tries.filter((r) => r.status === 409))
        assert.match(lost.body.error.message, /already been used|already exists/);
      const accounts = await t.db.query("select 1 from users where email = 'race@example.com'");
      assert.equal(accounts.length, 1, "the losers' accounts were rolled back");
      assert.equal((await t.request("GET", "/api/team", { token: owner.token })).body.members.length, 2);
    });

    test("revoked, expired and unknown links are refused with a reason; a renewed link replaces the old", async () => {
      const owner = await buildUser(t);
      const revoked = await invite(owner, "revoked@example.com");
      assert.equal(
        (await t.request("DELETE", `/api/team/invitations/${revoked.invitation.id}`, { token: owner.token })).status,
        204,
      );
      const r = await t.request("POST", "/api/team/invitations/accept", {
        body: { token: revoked.token, ...newcomer("r1") },
      });
      assert.equal(r.status, 409);
      assert.match(r.body.error.message, /withdrawn/);

      const renewed = await invite(owner, "renewed@example.com");
      const link = await t.request("POST", `/api/team/invitations/${renewed.invitation.id}/link`, {
        token: owner.token,
      });
      assert.equal(link.status, 200);
      assert.equal(
        (await t.request("POST", "/api/team/invitations/preview", { body: { token: renewed.token } })).status,
        404,
      );
      assert.equal(
        (await t.request("POST", "/api/team/invitations/preview", { body: { token: link.body.token } })).status,
        200,
      );

      const late = await invite(owner, "late@example.com");
      clock.offsetMs = 8 * DAY_MS;
      try {
        const e = await t.request("POST", "/api/team/invitations/accept", {
          body: { token: late.token, ...newcomer("e1") },
        });
        assert.equal(e.status, 409);
        assert.match(e.body.error.message, /expired/);
        assert.equal(
          (await t.db.query("select 1 from users where username = 'grace_e1'")).length,
          0,
          "no account is left behind",
        );
      } finally {
        clock.offsetMs = 0;
      }
      const unknown = await t.request("POST", "/api/team/invitations/preview", { body: { token: "not-a-token" } });
      assert.equal(unknown.status, 404);
      assert.match(unknown.body.error.message, /not valid/);
    });

    test("bad input is a 400 that says what to fix", async () => {
      const owner = await buildUser(t);
      const cases: Array<[string, string, unknown, RegExp]> = [
        [
          "POST",
          "/api/team/invitations",
          { email: "x@example.com", role: "superuser" },
          /^Choose a role: owner, admin or member\.$/,
        ],
        ["POST", "/api/team/invitations", { email: "not an email", role: "member" }, /valid email address/],
        ["PUT", `/api/team/members/${owner.userId}`, { role: "boss" }, /^Choose a role: owner, admin or member\.$/],
        ["POST", "/api/team/invitations/preview", { token: "a".repeat(500) }, /This invitation link is not valid/],
        ["POST", "/api/team/invitations/accept", { token: "" }, /The invitation link is incomplete/],
      ];
      for (const [method, path, body, message] of cases) {
        const res = await t.request(method, path, { token: owner.token, body });
        assert.equal(res.status, 400, `${method} ${path}`);
        assert.match(res.body.error.message, message, `${method} ${path}: ${res.body.error.message}`);
      }
    });

    test("the last owner can neither be demoted nor leave; with a second owner they can", async () => {
      const owner = await buildUser(t);
      const demote = await t.request("PUT", `/api/team/members/${owner.userId}`, {
        token: owner.token,
        body: { role: "admin" },
      });
      assert.equal(demote.status, 409);
      assert.match(demote.body.error.message, /only owner/);
      const leave = await t.request("DELETE", `/api/team/members/${owner.userId}`, { token: owner.token });
      assert.equal(leave.status, 409);

      const admin = await addTeamMember(t, owner, "admin");
      assert.equal(
        (await t.request("PUT", `/api/team/members/${admin.userId}`, { token: owner.token, body: { role: "owner" } }))
          .status,
        204,
      );
      assert.equal(
        (await t.request("PUT", `/api/team/members/${owner.userId}`, { token: owner.token, body: { role: "member" } }))
          .status,
        204,
      );
      const team = await t.request("GET", "/api/team", { token: admin.token });
      assert.equal(team.status, 200, "the promoted owner manages the team now");
      assert.deepEqual(team.body.members.map((m: { role: string }) => m.role).sort(), ["member", "owner"]);
    });

    test("a role changed through the team counts at once for the member's token already in use", async () => {
      const owner = await buildUser(t);
      const admin = await addTeamMember(t, owner, "admin");
      const dnc = () => t.request("POST", "/api/dnc", { token: admin.token, body: { phone: "+14155550171" } });
      assert.equal(
        (await t.request("GET", "/api/settings/organization", { token: admin.token })).status,
        200,
        "the admin's role is cached now",
      );
      assert.equal(
        (await t.request("PUT", `/api/team/members/${admin.userId}`, { token: owner.token, body: { role: "member" } }))
          .status,
        204,
      );
      const refused = await dnc();
      assert.equal(refused.status, 403, "no few seconds of admin rights left");
      assert.match(refused.body.error.message, /^Your role \(member\) cannot change the do-not-call list/);
      assert.equal(
        (await t.request("PUT", `/api/team/members/${admin.userId}`, { token: owner.token, body: { role: "admin" } }))
          .status,
        204,
      );
      assert.equal((await dnc()).status, 201, "and promoted back, at once too");
    });

    test("anyone but the last owner may leave: sessions there end; they land in their next org, or none", async () => {
      const owner = await buildUser(t);
      const alone = await t.request("POST", "/api/team/leave", { token: owner.token });
      assert.equal(alone.status, 409);
      assert.match(alone.body.error.message, /only owner and cannot leave/);

      const other = await buildUser(t); // owns an organisation of their own
      const joined = await t.request("POST", "/api/team/invitations/accept", {
        token: other.token,
        body: { token: (await invite(owner, other.email)).token },
      });
      const here = joined.body.access_token as string;
      const left = await t.request("POST", "/api/team/leave", { token: here });
      assert.equal(left.status, 200, left.text);
      assert.equal(left.body.next.user.organization_id, other.orgId, "they land in their own organisation");
      assert.equal((await t.request("GET", "/api/campaigns", { token: here })).status, 401, "at once in this process");
      assert.deepEqual(
        (await t.request("GET", "/api/team", { token: owner.token })).body.members.map(
          (m: { user_id: string }) => m.user_id,
        ),
        [owner.userId],
      );

      const member = await addTeamMember(t, owner, "member");
      const gone = await t.request("POST", "/api/team/leave", { token: member.token });
      assert.equal(gone.status, 200);
      assert.equal(gone.body.next, null, "a member of only this organisation now belongs to none");
    });

    test("removing a member ends their sessions in this organisation at once, and only there", async () => {
      const owner = await buildUser(t);
      const other = await buildUser(t);
      const sent = await invite(owner, other.email);
      const joined = await t.request("POST", "/api/team/invitations/accept", {
        token: other.token,
        body: { token: sent.token },
      });
      const here = joined.body.access_token as string;
      assert.equal((await t.request("GET", "/api/campaigns", { token: here })).status, 200);

      assert.equal(
        (await t.request("DELETE", `/api/team/members/${other.userId}`, { token: owner.token })).status,
        204,
      );
      assert.equal((await t.request("GET", "/api/campaigns", { token: here })).status, 401);
      const refresh = await t.request("POST", "/api/auth/refresh", {
        body: { refresh_token: joined.body.refresh_token },
      });
      assert.equal(refresh.status, 401);
      assert.equal(
        (await t.request("GET", "/api/campaigns", { token: other.token })).status,
        200,
        "their own organisation's session goes on",
      );
      const team = await t.request("GET", "/api/team", { token: owner.token });
      assert.equal(team.body.members.length, 1);
    });

    test("admins and members cannot manage the team", async () => {
      const owner = await buildUser(t);
      for (const role of ["admin", "member"] as const) {
        const user = await addTeamMember(t, owner, role);
        const res = await t.request("POST", "/api/team/invitations", {
          token: user.token,
          body: { email: "x@example.com", role: "owner" },
        });
        assert.equal(res.status, 403);
        assert.match(res.body.error.message, /cannot manage the team\. Ask the owner/);
        assert.equal(
          (await t.request("PUT", `/api/team/members/${user.userId}`, { token: user.token, body: { role: "owner" } }))
            .status,
          403,
          `a ${role} promotes themselves`,
        );
        assert.equal(
          (await t.request("PUT", `/api/team/members/${owner.userId}`, { token: user.token, body: { role: "member" } }))
            .status,
          403,
          `a ${role} demotes the owner`,
        );
        assert.equal(
          (await t.request("DELETE", `/api/team/members/${owner.userId}`, { token: user.token })).status,
          403,
          `a ${role} removes the owner`,
        );
        assert.equal((await t.request("GET", "/api/team", { token: user.token })).status, 403);
      }
      const roles = (await t.request("GET", "/api/team", { token: owner.token })).body.members.map(
        (m: { role: string }) => m.role,
      );
      assert.deepEqual(roles, ["owner", "admin", "member"], "nothing changed");
    });

    test("tenancy for a user in two orgs: only the active one's records; once removed, no way back", async () => {
      const owner = await buildUser(t);
      const invitee = await buildUser(t); // owns an organisation of their own
      const addDnc = async (token: string, phone: string) => {
        const res = await t.request("POST", "/api/dnc", { token, body: { phone } });
        assert.equal(res.status, 201, res.text);
        return (
          (await t.request("GET", "/api/dnc", { token })).body.numbers as Array<{ id: string; phone: string }>
        ).find((n) => n.phone === phone)!.id;
      };
      const ours = await addDnc(owner.token, "+14155550161");
      const theirs = await addDnc(invitee.token, "+14155550162");
      const joined = await t.request("POST", "/api/team/invitations/accept", {
        token: invitee.token,
        body: { token: (await invite(owner, invitee.email, "admin")).token },
      });
      assert.equal(joined.status, 200, joined.text);
      const here = joined.body.access_token as string;

      const phones = async (token: string) =>
        ((await t.request("GET", "/api/dnc", { token })).body.numbers as Array<{ phone: string }>).map((n) => n.phone);
      assert.deepEqual(await phones(here), ["+14155550161"], "in the inviting organisation: only its numbers");
      assert.deepEqual(await phones(invitee.token), ["+14155550162"], "in their own: only theirs");
      // An id of the other organisation is not found from either side, even for an admin of both.
      assert.equal((await t.request("DELETE", `/api/dnc/${theirs}`, { token: here })).status, 404);
      assert.equal((await t.request("DELETE", `/api/dnc/${ours}`, { token: invitee.token })).status, 404);
      assert.equal(
        (await t.request("GET", "/api/team", { token: here })).status,
        403,
        "an invited admin does not manage the team",
      );
      assert.equal(
        (await t.request("GET", "/api/team", { token: invitee.token })).body.members.length,
        1,
        "their own team is theirs alone",
      );

      assert.equal(
        (await t.request("DELETE", `/api/team/members/${invitee.userId}`, { token: owner.token })).status,
        204,
      );
      assert.equal((await t.request("GET", "/api/dnc", { token: here })).status, 401);
      const back = await t.request("POST", "/api/auth/switch-organization", {
        token: invitee.token,
        body: { organization_slug: owner.orgSlug },
      });
      assert.equal(back.status, 404, "a removed member cannot switch back in");
      const orgs = await t.request("GET", "/api/organizations", { token: invitee.token });
      assert.ok(!JSON.stringify(orgs.body).includes(owner.orgId));
      assert.deepEqual(await phones(invitee.token), ["+14155550162"], "their own organisation goes on");
    });

    test("another organisation's owner can neither see nor touch this team", async () => {
      const owner = await buildUser(t);
      const member = await addTeamMember(t, owner, "member");
      const sent = await invite(owner, "pending@example.com");
      const stranger = await buildUser(t);
      const theirs = await t.request("GET", "/api/team", { token: stranger.token });
      assert.ok(
        !JSON.stringify(theirs.body).includes(member.userId) &&
          !JSON.stringify(theirs.body).includes("pending@example.com"),
      );
      await assertOrgIsolation(
        t,
        owner,
        { method: "PUT", path: `/api/team/members/${member.userId}`, body: { role: "admin" } },
        { ownerStatus: 204 },
      );
      await assertOrgIsolation(t, owner, { method: "POST", path: `/api/team/invitations/${sent.invitation.id}/link` });
      await assertOrgIsolation(
        t,
        owner,
        { method: "DELETE", path: `/api/team/invitations/${sent.invitation.id}` },
        { ownerStatus: 204 },
      );
      await assertOrgIsolation(
        t,
        owner,
        { method: "DELETE", path: `/api/team/members/${member.userId}` },
        { ownerStatus: 204 },
      );
    });
  });
}

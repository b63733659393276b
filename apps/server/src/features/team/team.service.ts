import crypto from "node:crypto";
import { AccountFields, type LoginResponse, type Role } from "@parley/shared/auth";
import type { OrganizationExit } from "@parley/shared/organizations";
import {
  INVITATION_TTL_DAYS,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationEmail,
  type InvitationLink,
  type InvitationPreview,
  type TeamInvitation,
  type TeamResponse,
} from "@parley/shared/team";
import type { Clock } from "../../platform/clock.ts";
import type { Db, Queryable } from "../../platform/db.ts";
import { AppError, notFound, toFieldIssues, validationError } from "../../http/errors.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { TeamInvitationMail } from "./team-invitation-mail.ts";
import type { InvitationRow, InvitationWithOrg, TeamRepo } from "./team.repo.ts";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const DAY_MS = 86_400_000;

function toInvitation(row: InvitationRow, mail: InvitationEmail | undefined): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    mail: mail ?? { status: "not_sent", sent_at: null, next_attempt_at: null, last_error: null },
  };
}

/** The signed-in account accepting an invitation with its bearer token. */
export type Joiner = { userId: string; viaApiKey: boolean };

export type TeamServiceDeps = {
  db: Db;
  repo: TeamRepo;
  clock: Clock;
  /** Sign-up (same checks and hashing), sessions in the joined organisation, and ending a removed member's. */
  auth: Pick<AuthService, "signUpToJoin" | "signInTo" | "endSessionsIn" | "roleChangedIn">;
  /** Emails each new link when a mail server is set up. */
  mail: TeamInvitationMail;
  /** Where someone who leaves lands: their first other organisation. */
  organizations: { primary(userId: string): Promise<{ id: string } | null> };
};

/**
 * The owner's team: members, their roles, and invitations by one-time link. The last owner cannot be demoted
 * or removed, so an organisation always has someone who can manage it.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, repo, clock, auth, mail, organizations } = deps;

  /** The link to show, emailed too when it can be (an absolute link and a mail server). */
  async function newLink(orgId: string, id: string, token: string, origin: string | null): Promise<InvitationLink> {
    const row = await repo.invitation(orgId, id);
    if (!row) throw notFound("Invitation");
    const path = `/invite/${token}`;
    const link = origin ? origin + path : path;
    await mail.queue(orgId, await repo.organizationName(orgId), row, link);
    const state = await mail.statuses(orgId, [id]);
    return { invitation: toInvitation(row, state.get(id)), token, path, link };
  }

  const expiry = () => new Date(clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS);

  /** The invitation of a token, or the reason it cannot be used, in words for the invitee. */
  async function usable(token: string): Promise<InvitationWithOrg> {
    const row = await repo.byTokenHash(hashToken(token));
    if (!row)
      throw new AppError(
        "not_found",
        "This invitation link is not valid. Check that it was copied whole, or ask for a new one.",
      );
    if (row.revoked_at)
      throw new AppError(
        "conflict",
        `This invitation to ${row.organization_name} was withdrawn. Ask the owner for a new one.`,
      );
    if (row.accepted_at)
      throw new AppError(
        "conflict",
        `This invitation to ${row.organization_name} has already been used. Sign in to reach the organization.`,
      );
    if (row.expires_at.getTime() <= clock.now().getTime())
      throw new AppError(
        "conflict",
        `This invitation to ${row.organization_name} has expired. Ask the owner for a new one.`,
      );
    return row;
  }

  /**
   * Whether a signed-in account may spend the invitation. The owner invited an email, so only that email's
   * account joins: a forwarded or leaked link cannot bring in whoever holds it with another account. An API key
   * acts for the organisation that issued it, never as a person joining another one.
   */
  async function checkJoiner(invitation: InvitationWithOrg, joiner: Joiner): Promise<void> {
    if (joiner.viaApiKey)
      throw new AppError(
        "forbidden",
        "An API key cannot accept an invitation. Open the link in a browser and sign in as the person invited.",
      );
    const email = await repo.emailOf(joiner.userId);
    if (email?.toLowerCase() === invitation.email.toLowerCase()) return;
    throw new AppError(
      "forbidden",
      `This invitation is for ${invitation.email}, and you are signed in as ` +
        `${email ?? "another account"}. Sign out and open the link again to join as ` +
        `${invitation.email}, or ask the owner of ${invitation.organization_name} to invite ` +
        `${email ?? "your account"}.`,
    );
  }

  /** Runs `change` on the membership unless it would leave the organisation without an owner. */
  async function guardLastOwner(orgId: string, userId: string, what: string, change: (q: Queryable) => Promise<void>) {
    await db.tx(async (q) => {
      const target = await repo.member(orgId, userId, q);
      if (!target) throw notFound("Member");
      const owners = await repo.lockOwners(q, orgId);
      if (owners.length === 1 && owners[0] === userId) {
        throw new AppError(
          "conflict",
          `${target.first_name || target.username} is the organization's only ` +
            `owner and cannot ${what}. Make someone else an owner first.`,
        );
      }
      await change(q);
    });
  }

  return {
    async list(orgId: string): Promise<TeamResponse> {
      const [members, invitations] = await Promise.all([repo.members(orgId), repo.pending(orgId, clock.now())]);
      const mails = await mail.statuses(
        orgId,
        invitations.map((i) => i.id),
      );
      return {
        members: members.map((m) => ({ ...m, joined_at: m.joined_at.toISOString() })),
        invitations: invitations.map((i) => toInvitation(i, mails.get(i.id))),
      };
    },

    async invite(
      orgId: string,
      invitedBy: string,
      body: InvitationCreate & { role: Role },
      origin: string | null,
    ): Promise<InvitationLink> {
      if (await repo.isMemberByEmail(orgId, body.email))
        throw new AppError("conflict", `${body.email} is already a member of this organization.`);
      if (await repo.pendingFor(orgId, body.email, clock.now())) {
        throw new AppError(
          "conflict",
          `${body.email} already has a pending invitation. Copy a new link from it, or revoke it first.`,
        );
      }
      const token = crypto.randomBytes(32).toString("base64url");
      const id = await repo.insertInvitation({
        orgId,
        email: body.email,
        role: body.role,
        tokenHash: hashToken(token),
        invitedBy,
        expiresAt: expiry(),
      });
      return newLink(orgId, id, token, origin);
    },

    /** A new link for a pending invitation (only hashes are kept, so the old one cannot be shown again). */
    async renewLink(orgId: string, id: string, origin: string | null): Promise<InvitationLink> {
      const token = crypto.randomBytes(32).toString("base64url");
      if (!(await repo.renewToken(orgId, id, hashToken(token), expiry()))) throw notFound("Invitation");
      return newLink(orgId, id, token, origin);
    },

    async revoke(orgId: string, id: string): Promise<void> {
      if (!(await repo.revoke(orgId, id))) throw notFound("Invitation");
      await mail.forget(orgId, id);
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(token);
      return {
        organization_name: row.organization_name,
        role: row.role,
        email: row.email,
        expires_at: row.expires_at.toISOString(),
      };
    },

    /**
     * With account fields: signs the invitee up as the invited email and adds them, in one transaction.
     * Without: adds the signed-in account `joiner`, which must be the invited email's. Either way answers a
     * session in the organisation.
     */
    async accept(body: InvitationAccept, joiner: Joiner | null): Promise<LoginResponse> {
      const invitation = await usable(body.token);
      const spend = async (q: Queryable, joiner: string) => {
        if (!(await repo.claim(q, invitation.id, joiner, clock.now()))) await usable(body.token); // says why it is gone
        if (!(await repo.addMember(q, invitation.org_id, joiner, invitation.role))) {
          throw new AppError("conflict", `You are already a member of ${invitation.organization_name}.`);
        }
      };
      const signsUp =
        body.first_name !== undefined ||
        body.last_name !== undefined ||
        body.username !== undefined ||
        body.password !== undefined;
      if (signsUp) {
        const fields = AccountFields.safeParse(body);
        if (!fields.success) throw validationError(toFieldIssues(fields.error.issues));
        const user = await auth.signUpToJoin({ ...fields.data, email: invitation.email, phone: "" }, (q, u) =>
          spend(q, u.id),
        );
        await mail.forget(invitation.org_id, invitation.id);
        return auth.signInTo(user.id, invitation.org_id);
      }
      if (!joiner)
        throw new AppError(
          "unauthenticated",
          "Sign in to accept this invitation with your account, or fill in the form to create one.",
        );
      await checkJoiner(invitation, joiner);
      await db.tx((q) => spend(q, joiner.userId));
      await mail.forget(invitation.org_id, invitation.id);
      return auth.signInTo(joiner.userId, invitation.org_id);
    },

    async setRole(orgId: string, userId: string, role: Role): Promise<void> {
      if (role === "owner") {
        if (!(await repo.member(orgId, userId))) throw notFound("Member");
        await db.tx((q) => repo.setRole(q, orgId, userId, role));
      } else {
        await guardLastOwner(orgId, userId, "stop being one", (q) => repo.setRole(q, orgId, userId, role));
      }
      auth.roleChangedIn(userId, orgId);
    },

    /**
     * Someone leaves the organisation of their session (the last owner cannot): their sessions here end, and they
     * get a session in their next organisation, if any.
     */
    async leave(orgId: string, userId: string): Promise<OrganizationExit> {
      await guardLastOwner(orgId, userId, "leave", (q) => repo.removeMember(q, orgId, userId));
      await auth.endSessionsIn(userId, orgId);
      const next = await organizations.primary(userId);
      return { next: next ? await auth.signInTo(userId, next.id) : null };
    },

    /** Removes the member and ends their sessions in this organisation at once (others keep theirs). */
    async remove(orgId: string, userId: string): Promise<void> {
      await guardLastOwner(orgId, userId, "leave", (q) => repo.removeMember(q, orgId, userId));
      await auth.endSessionsIn(userId, orgId);
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;

import type { Role } from "@parley/shared/auth";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { DateTime } from "luxon";

export type TeamInvitationFacts = {
  orgName: string;
  inviter: string | null;
  role: Role;
  link: string;
  expiresAt: Date;
};

/** Subject and plain text of the email carrying a team invitation's one-time link. */
export function teamInvitationText(f: TeamInvitationFacts): { subject: string; text: string } {
  // An inviter whose account was deleted since is left out rather than named as someone else.
  const invited = f.inviter ? `${f.inviter} invited you` : "You are invited";
  // The server knows no zone of the invitee's, so the expiry is written in UTC and says so.
  const until = DateTime.fromJSDate(f.expiresAt, { zone: "utc" }).toFormat("ccc d LLL yyyy, HH:mm 'UTC'");
  const subject = `${invited} to join ${f.orgName} on Parley`;
  const text = [
    `${invited} to join ${f.orgName} on Parley as ${ROLE_LABELS[f.role]}.`,
    "",
    "Accept the invitation here (create your account, or sign in with the one you have):",
    f.link,
    "",
    `The link works once, until ${until}.`,
    "If you were not expecting this invitation, you can ignore this email.",
  ];
  return { subject, text: text.join("\n") + "\n" };
}

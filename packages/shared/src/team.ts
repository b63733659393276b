import { z } from "zod";
import { AccountFields, Role } from "./auth.ts";

/** One person of the organisation, as the owner's Team screen lists them. */
export const TeamMember = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  role: Role,
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/**
 * Whether the invitation's link went out by email: `not_configured` (no mail server, SMTP_URL), `not_sent` (the
 * server knew no address of its own to write the link with: PUBLIC_URL), `pending` (queued, or waiting to be
 * tried again after `last_error`), `sent`, or `failed` (given up after about a day of tries).
 */
export const InvitationEmail = z.object({
  status: z.enum(["not_configured", "not_sent", "pending", "sent", "failed"]),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type InvitationEmail = z.infer<typeof InvitationEmail>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** The newest email of its link. */
  mail: InvitationEmail,
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const TeamResponse = z.object({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) });
export type TeamResponse = z.infer<typeof TeamResponse>;

export const InvitationCreate = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email("Please enter a valid email address.")
    .max(254, "An email address has at most 254 characters."),
  role: Role,
});
export type InvitationCreate = z.input<typeof InvitationCreate>;

/**
 * A new invitation or a fresh link to a pending one. The token is shown this once (only its hash is stored):
 * `path` is the web page that accepts it, `link` the same made absolute when the server knows its address.
 */
export const InvitationLink = z.object({
  invitation: TeamInvitation,
  token: z.string(),
  path: z.string(),
  link: z.string(),
});
export type InvitationLink = z.infer<typeof InvitationLink>;

export const InvitationToken = z.object({
  token: z
    .string()
    .trim()
    .min(1, "The invitation link is incomplete.")
    .max(200, "This invitation link is not valid. Check that it was copied whole."),
});

/** What the invitation page shows before the invitee acts. */
export const InvitationPreview = z.object({
  organization_name: z.string(),
  role: Role,
  email: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/**
 * With the account fields (all of AccountFields, checked as sign-up checks them): sign up as the invited email.
 * With the token alone: join with the bearer's own account.
 */
export const InvitationAccept = InvitationToken.extend(AccountFields.partial().shape);
export type InvitationAccept = z.input<typeof InvitationAccept>;

export const MemberRoleUpdate = z.object({ role: Role });
export type MemberRoleUpdate = z.infer<typeof MemberRoleUpdate>;

/** Invitation links work for a week. */
export const INVITATION_TTL_DAYS = 7;

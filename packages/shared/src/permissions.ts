import type { Role } from "./auth.ts";

/**
 * What each role may do, as actions with the least role allowed. The server's route table
 * (apps/server/src/http/route-roles.ts) names one action per route and the web app asks `can(role, action)`
 * before showing a button, so both read this one map and cannot disagree.
 *
 * owner ⊃ admin ⊃ member. Members run and watch the work; admins shape it (campaigns, knowledge, the
 * do-not-call list, integrations); the owner also holds the organisation itself (settings, the team).
 */
export const PERMISSIONS = {
  // member: run and watch campaigns, call logs, calendar, dashboard, analytics, test calls, read-only views
  "dashboard.view": { role: "member", does: "see the dashboard and analytics" },
  "campaigns.view": { role: "member", does: "see campaigns" },
  "campaigns.run": { role: "member", does: "pause or resume campaigns" },
  "calls.view": { role: "member", does: "see call and conversation logs" },
  "calls.place": { role: "member", does: "place calls" },
  "calendar.use": { role: "member", does: "use the calendar" },
  "knowledge.view": { role: "member", does: "see or test the knowledge base" },
  "dnc.view": { role: "member", does: "see the do-not-call list" },
  // admin: campaigns, knowledge base, do-not-call, integrations, the organisation's defaults
  "campaigns.edit": { role: "admin", does: "change campaigns" },
  "knowledge.edit": { role: "admin", does: "change the knowledge base" },
  "dnc.edit": { role: "admin", does: "change the do-not-call list" },
  "integrations.manage": { role: "admin", does: "see or change integrations" },
  "calls.monitor": { role: "admin", does: "listen to and take over live calls" },
  "settings.view": { role: "admin", does: "see the organization settings" },
  "capacity.view": { role: "admin", does: "see the servers' call capacity" },
  // owner: the organisation itself
  "settings.edit": { role: "owner", does: "change the organization settings" },
  "team.manage": { role: "owner", does: "manage the team" },
  "organization.delete": { role: "owner", does: "delete the organization" },
} as const satisfies Record<string, { role: Role; does: string }>;

export type Action = keyof typeof PERMISSIONS;

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** True when `role` is at least the least role `action` needs. */
export function can(role: Role | undefined, action: Action): boolean {
  return role !== undefined && RANK[role] >= RANK[PERMISSIONS[action].role];
}

/** The 403 message: what the role cannot do and who can. */
export function deniedMessage(role: Role, action: Action): string {
  const who = PERMISSIONS[action].role === "owner" ? "the owner" : "an admin or the owner";
  return `Your role (${role}) cannot ${PERMISSIONS[action].does}. Ask ${who}.`;
}

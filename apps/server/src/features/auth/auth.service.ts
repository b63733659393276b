import { hashPassword, verifyPassword } from "./password-hash.ts";
import { RegisterRequest, type LoginRequest, type LoginResponse } from "@parley/shared/auth";
import type { Clock } from "../../platform/clock.ts";
import type { z } from "zod";
import type { Db, Queryable } from "../../platform/db.ts";
import { AppError } from "../../http/errors.ts";
import type { OrganizationsService } from "../organizations/organizations.service.ts";
import type { AuthRepo, UserRow } from "./auth.repo.ts";
import type { VerifyGoogleToken } from "./google-verifier.ts";
import { WINDOW_MS, failureDelayMs, lockedMessage, signInRules } from "./login-throttle.ts";
import { HOUR_MS, hourlyRule, waitPhrase, type Throttle } from "./throttle.ts";
import type { SessionTokens } from "./session-tokens.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Verified against when the account does not exist, so both paths cost the same time.
const DUMMY_HASH = hashPassword("parley-timing-equaliser");

/** What a new account needs; the caller has validated it (RegisterRequest, or AccountFields with the invited email). */
export type NewAccount = {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password: string;
  phone: string;
};

export type AuthServiceDeps = {
  db: Db;
  repo: AuthRepo;
  sessions: SessionTokens;
  organizations: OrganizationsService;
  clock: Clock;
  verifyGoogle: VerifyGoogleToken | null;
  throttle: Throttle;
  /** Accounts one client address may create per hour (config SIGNUP_LIMIT_PER_HOUR). */
  signupPerHour: number;
};

export function createAuthService(deps: AuthServiceDeps) {
  const { db, repo, sessions, organizations, clock, throttle } = deps;

  async function landingOrg(userId: string) {
    const org = await organizations.primary(userId);
    if (!org) throw new AppError("forbidden", "Your account does not belong to any organization.");
    return org;
  }

  /**
   * Creates the user and, in the same transaction, `join` gives them their place: their own organisation
   * (sign-up) or the one that invited them. If `join` throws, no account is left behind.
   */
  async function createAccount(
    account: NewAccount,
    join: (q: Queryable, user: UserRow) => Promise<unknown>,
  ): Promise<UserRow> {
    const taken = await repo.existing(account.email, account.username);
    if (taken.email)
      throw new AppError("conflict", "An account with this email already exists.", [
        { path: "email", message: "An account with this email already exists." },
      ]);
    if (taken.username)
      throw new AppError("conflict", "This username is already taken.", [
        { path: "username", message: "This username is already taken." },
      ]);
    const passwordHash = await hashPassword(account.password);
    try {
      return await db.tx(async (q) => {
        const user = await repo.insertUser(q, {
          email: account.email,
          username: account.username,
          first_name: account.first_name,
          last_name: account.last_name,
          phone: account.phone,
          password_hash: passwordHash,
        });
        await join(q, user);
        return user;
      });
    } catch (err) {
      // Two registrations racing for the same email or username: the unique index decides.
      if ((err as { code?: string }).code === "23505")
        throw new AppError("conflict", "An account with this email or username already exists.");
      throw err;
    }
  }

  const ownOrganization = (body: z.output<typeof RegisterRequest>) => (q: Queryable, user: UserRow) =>
    organizations.createForOwner(
      {
        name: body.organization_name,
        website: body.organization_website ?? "",
        contact_email: body.organization_contact_email,
        contact_phone: body.organization_contact_phone,
        address: body.organization_address,
      },
      user.id,
      q,
    );

  return {
    /**
     * Sign-ups over HTTP are counted per client address before any work; one that fails gives its count
     * back. In-process callers (the demo seed) pass no address and are not counted.
     */
    async register(input: RegisterRequest, clientIp?: string): Promise<UserRow> {
      const body = RegisterRequest.parse(input);
      if (clientIp === undefined) return createAccount(body, ownOrganization(body));
      const rules = [hourlyRule(`signup:address:${clientIp}`, deps.signupPerHour)];
      const reserved = await throttle.reserve(
        rules,
        HOUR_MS,
        (ms) => `Too many accounts were created from your network. Please try again in ${waitPhrase(ms)}.`,
      );
      try {
        return await createAccount(body, ownOrganization(body));
      } catch (err) {
        await throttle.refund(rules, reserved);
        throw err;
      }
    },

    async login(input: LoginRequest, clientIp: string): Promise<LoginResponse> {
      const login = input.email_or_username.trim().toLowerCase();
      // Keyed on the account, so its username and its email share one count; an unknown login on its text.
      const user = await repo.findUserByLogin(login);
      const rules = signInRules(user ? `user:${user.id}` : `login:${login}`, clientIp);
      const reserved = await throttle.reserve(rules, WINDOW_MS, lockedMessage);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : (await verifyPassword(await DUMMY_HASH, input.password), false);
      if (!user || !ok) {
        await sleep(failureDelayMs(Math.max(...reserved.map((r) => r.failures))));
        throw new AppError("unauthenticated", "Invalid email/username or password.");
      }
      await throttle.refund(rules, reserved);
      return sessions.issue(user, await landingOrg(user.id), input.refresh ?? true);
    },

    /**
     * A signed-in person's password, asked again (the password change): counted on the sign-in throttle's keys
     * for the account, so guesses here and at sign-in share one limit, with the same growing delay and refusal.
     */
    async checkPassword(userId: string, passwordHash: string, password: string, clientIp: string): Promise<boolean> {
      const rules = signInRules(`user:${userId}`, clientIp);
      const reserved = await throttle.reserve(rules, WINDOW_MS, lockedMessage);
      if (!(await verifyPassword(passwordHash, password))) {
        await sleep(failureDelayMs(Math.max(...reserved.map((r) => r.failures))));
        return false;
      }
      await throttle.refund(rules, reserved);
      return true;
    },

    async refresh(refreshToken: string): Promise<LoginResponse> {
      const { userId, orgId, session } = await sessions.rotate(refreshToken);
      const user = await repo.findUserById(userId);
      const org = await organizations.membership(userId, { orgId });
      if (!user || !org) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
      return sessions.respond(user, org, session);
    },

    logout: (tokens: { refreshToken?: string; accessToken?: string }) => sessions.revoke(tokens),

    async google(idToken: string): Promise<LoginResponse> {
      if (!deps.verifyGoogle) throw new AppError("not_configured", "Google sign-in is not configured.");
      const identity = await deps.verifyGoogle(idToken);
      if (!identity) throw new AppError("unauthenticated", "Google authentication failed. Please try again.");
      let user = await repo.findUserByGoogle(identity.sub, identity.email);
      if (user && user.google_sub !== identity.sub) {
        if (user.google_sub) throw new AppError("conflict", "This email is linked to another Google account.");
        await repo.linkGoogle(user.id, identity.sub);
      }
      if (!user) {
        const base =
          identity.email
            .split("@")[0]!
            .replace(/[^A-Za-z0-9._-]/g, "")
            .slice(0, 40) || "user";
        let username = base;
        for (let n = 2; await repo.usernameTaken(username); n++) username = `${base}${n}`;
        user = await db.tx(async (q) => {
          const created = await repo.insertUser(q, {
            email: identity.email,
            username,
            first_name: identity.givenName,
            last_name: identity.familyName,
            phone: "",
            password_hash: null,
            google_sub: identity.sub,
          });
          await organizations.createForOwner(
            { name: `${identity.givenName || username}'s organization` },
            created.id,
            q,
          );
          return created;
        });
      }
      return sessions.issue(user, await landingOrg(user.id), true);
    },

    async me(userId: string, orgId: string) {
      const user = await repo.findUserById(userId);
      const org = await organizations.membership(userId, { orgId });
      if (!user || !org) throw new AppError("unauthenticated", "Your session has expired. Please sign in again.");
      return (await sessions.respond(user, org, { id: "", refreshToken: null })).user;
    },

    /**
     * An account for someone invited into an organisation: the same checks and password hashing as sign-up,
     * with `join` (run in the account's transaction) adding their membership instead of a new organisation.
     */
    signUpToJoin: (account: NewAccount, join: (q: Queryable, user: UserRow) => Promise<unknown>) =>
      createAccount(account, join),

    /** A fresh session in one organisation the user belongs to (after joining it). */
    async signInTo(userId: string, orgId: string): Promise<LoginResponse> {
      const user = await repo.findUserById(userId);
      const org = await organizations.membership(userId, { orgId });
      if (!user || !org) throw new AppError("not_found", "Organization not found.");
      return sessions.issue(user, org, true);
    },

    /** Ends every session the user has in one organisation (they were removed from it). */
    endSessionsIn: (userId: string, orgId: string) => sessions.revokeAllIn(userId, orgId),

    /** Their sessions in the organisation act with the new role from their next request (in this process). */
    roleChangedIn: (userId: string, orgId: string) => sessions.roleChanged(userId, orgId),

    async switchOrganization(userId: string, slug: string): Promise<LoginResponse> {
      const user = await repo.findUserById(userId);
      const org = await organizations.membership(userId, { slug });
      if (!user || !org) throw new AppError("not_found", "Organization not found.");
      return sessions.issue(user, org, true);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

import type { OrganizationExit } from "@parley/shared/organizations";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import { AppError, notFound, validationError } from "../../http/errors.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { SessionCheck } from "../auth/session-check.ts";
import type { OrganizationsRepo } from "./organizations.repo.ts";

type Deps = {
  db: Db;
  repo: OrganizationsRepo;
  storage: Pick<Storage, "delete">;
  clock: Clock;
  log: Logger;
  /** A session in the user's next organisation, so the browser lands there. */
  auth: Pick<AuthService, "signInTo">;
  /** The deleted organisation's sessions stop working here at once (other processes: within seconds). */
  sessionCheck: Pick<SessionCheck, "markOrganizationClosed">;
  organizations: { primary(userId: string): Promise<{ id: string } | null> };
};

// Calls older than this with no end are a crashed process's leftovers, not calls (as on the live-calls panel).
const LIVE_CALL_MAX_MS = 60 * 60_000;

/**
 * The owner deletes the organisation they are in: its name typed as it is confirms it. Refused while a call is
 * on the line (its bookkeeping would write into rows that are gone); queued calls are held while the rows go.
 * The database cascades every table of the organisation's, sessions included (its tokens stop working within
 * seconds); then its files leave storage. The people stay: an account in another organisation lands there.
 */
export function createOrganizationDeletion(deps: Deps) {
  const { db, repo, storage, clock, log, auth, organizations, sessionCheck } = deps;

  return async function deleteOrganization(
    orgId: string,
    userId: string,
    typedName: string,
  ): Promise<OrganizationExit> {
    const org = await repo.membership(userId, { orgId });
    if (!org) throw notFound("Organization");
    if (typedName.trim() !== org.name.trim()) {
      throw validationError([
        { path: "name", message: `Type the organization's name, ${org.name}, exactly as it is to delete it.` },
      ]);
    }
    const files = await db.tx(async (q) => {
      await repo.lockQueuedCalls(q, orgId);
      const live = await repo.liveCalls(q, orgId, new Date(clock.now().getTime() - LIVE_CALL_MAX_MS));
      if (live > 0) {
        throw new AppError(
          "conflict",
          `${live === 1 ? "A call is" : `${live} calls are`} on the line. Pause or stop the ` +
            "campaigns, wait for the calls to end, then delete the organization.",
        );
      }
      const keys = await repo.storedFiles(q, orgId);
      await repo.remove(q, orgId);
      return keys;
    });
    // After the commit: a file that cannot be removed now is only orphaned bytes, never a half-deleted organisation.
    const failed = (await Promise.allSettled(files.map((key) => storage.delete(key)))).filter(
      (r) => r.status === "rejected",
    ).length;
    if (failed)
      log.warn(
        { orgId, failed, files: files.length },
        "files of a deleted organization could not be removed from storage",
      );
    sessionCheck.markOrganizationClosed(orgId);
    log.info({ orgId, userId, files: files.length }, "organization deleted");

    const next = await organizations.primary(userId);
    return { next: next ? await auth.signInTo(userId, next.id) : null };
  };
}
export type DeleteOrganization = ReturnType<typeof createOrganizationDeletion>;

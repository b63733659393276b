import type { CallDetail } from "@parley/shared/call-history";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { createRecordingLinks } from "../calls/recording-links.ts";
import { createSecretBox } from "../integrations/secret-box.ts";
import { createWebhookDelivery } from "./webhook-delivery.ts";
import { createWebhookEvents } from "./webhook-events.ts";
import { createWebhookPoster } from "./webhook-poster.ts";
import { createWebhooksRepo } from "./webhooks.repo.ts";
import { createWebhooksService } from "./webhooks.service.ts";

/** A recording link in a webhook must outlive a day of retries and the receiver's own processing. */
const RECORDING_LINK_TTL_SECONDS = 7 * 24 * 3600;
const POST_TIMEOUT_MS = 10_000;

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  jwtSecret: string;
  callDetail(orgId: string, callId: string): Promise<CallDetail["call"]>;
};

/** The webhooks feature: events for other features to emit, the API's service, and the delivery worker's pass. */
export function wireWebhooks({ db, config, clock, log, jwtSecret, callDetail }: Deps) {
  const repo = createWebhooksRepo(db);
  const links = createRecordingLinks(jwtSecret, clock);
  const recordingUrl = (orgId: string, callId: string) =>
    `${config.publicUrl ?? ""}${links.url(orgId, callId, RECORDING_LINK_TTL_SECONDS)}`;
  const allowPrivate = config.webhooksAllowPrivateUrls;
  const box = createSecretBox(config.integrations.key);
  return {
    events: createWebhookEvents({ repo, clock, log, callDetail, recordingUrl }),
    service: createWebhooksService({ repo, clock, allowPrivateUrls: allowPrivate, box }),
    delivery: createWebhookDelivery({
      repo,
      clock,
      open: box.open,
      post: createWebhookPoster({ allowPrivate, timeoutMs: POST_TIMEOUT_MS }),
    }),
    /** Seals the secrets an older version stored in clear; run once at start (the key is not in the database). */
    async sealStoredSecrets(): Promise<number> {
      const clear = await repo.clearSecrets();
      for (const r of clear) await repo.replaceClearSecret(r.id, r.secret, box.seal(r.secret, r.org_id));
      return clear.length;
    },
  };
}

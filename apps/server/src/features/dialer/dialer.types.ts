import type { AttemptOutcome } from "./retry-policy.ts";

/** Everything the voice side needs to place one call; the dialer builds it when it leases an attempt. */
export type DialJob = {
  attemptId: string;
  attemptNumber: number;
  callId: string;
  orgId: string;
  campaignId: string;
  contactId: string;
  phone: string;
  contactName: string;
  variables: Record<string, string>;
  persona: string | null;
};

export type DialResult = {
  outcome: AttemptOutcome;
  durationSecs: number;
  /** When the callee asked to be called back. */
  callbackAt?: Date | null;
  /** When the call ended, as its row says; a retry is dated from it (else from when the dialer hears of it). */
  endedAt?: Date;
};

/** Places one call and resolves when it has ended; the voice engine implements it. */
export interface CallPlacer {
  place(job: DialJob, signal: AbortSignal): Promise<DialResult>;
}

/** A campaign's dialing rules as the scheduler reads them. */
export type CampaignRules = {
  id: string;
  orgId: string;
  status: string;
  timezone: string;
  businessHoursStart: string;
  businessHoursEnd: string;
  startAt: Date | null;
  endAt: Date | null;
  maxAttempts: number;
  timeGapSeconds: number;
  /** Cap on this campaign's simultaneous calls; null = only the organisation's limit. */
  maxConcurrentCalls: number | null;
  /** The retry gap doubles after each failed attempt. */
  retryBackoff: boolean;
};

import type { Queryable } from "../../platform/db.ts";

/** One process's capacity as it reports it to the others (migration 0263). */
export type CapacityReport = {
  workerId: string;
  host: string;
  cores: number;
  liveCalls: number;
  capacity: number;
  heldCampaigns: string[];
  message: string | null;
  at: Date;
};

/** A report older than this is of a process that stopped dialling (or died): it no longer counts. */
export const CAPACITY_REPORT_TTL_MS = 30_000;

export function createCapacityRepo(db: Queryable) {
  return {
    async report(r: CapacityReport): Promise<void> {
      await db.query(
        `insert into worker_capacity (worker_id, host, cores, live_calls, capacity, held_campaigns, message,
           reported_at) values ($1, $2, $3, $4, $5, $6::uuid[], $7, $8)
         on conflict (worker_id) do update set host = $2, cores = $3, live_calls = $4, capacity = $5,
           held_campaigns = $6::uuid[], message = $7, reported_at = $8`,
        [r.workerId, r.host, r.cores, r.liveCalls, r.capacity, r.heldCampaigns, r.message, r.at],
      );
    },
    /** Forgets processes silent for an hour, so the table holds the live ones and a few recent dead. */
    async forgetStale(now: Date): Promise<void> {
      await db.query("delete from worker_capacity where reported_at < $1", [new Date(now.getTime() - 3_600_000)]);
    },
    /** Why the campaign's calls are held back now, as the newest live report that holds it says; else null. */
    async heldMessage(campaignId: string, now: Date): Promise<string | null> {
      const [r] = await db.query<{ message: string | null }>(
        `select message from worker_capacity where $1 = any(held_campaigns) and reported_at > $2
          order by reported_at desc limit 1`,
        [campaignId, new Date(now.getTime() - CAPACITY_REPORT_TTL_MS)],
      );
      return r ? (r.message ?? "At capacity.") : null;
    },
    /** Every live process summed: calls on the line, calls they can carry, processes and cores. */
    async total(now: Date): Promise<{ processes: number; cores: number; liveCalls: number; capacity: number }> {
      const [r] = await db.query<{ processes: number; cores: number; live: number; capacity: number }>(
        `select count(*)::int as processes, coalesce(sum(cores), 0)::int as cores,
                coalesce(sum(live_calls), 0)::int as live, coalesce(sum(capacity), 0)::int as capacity
         from worker_capacity where reported_at > $1`,
        [new Date(now.getTime() - CAPACITY_REPORT_TTL_MS)],
      );
      return { processes: r!.processes, cores: r!.cores, liveCalls: r!.live, capacity: r!.capacity };
    },
  };
}
export type CapacityRepo = ReturnType<typeof createCapacityRepo>;

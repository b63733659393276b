/** Messages between the server and the worker that runs the embedded database (pglite.worker.ts). */
export type PgliteRequest =
  | { id: number; op: "query"; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: "exec"; sql: string }
  /** Opens a transaction; its id is this request's id. */
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" }
  /** Saves the in-memory database to a file another one can start from (`PgliteOpen.startFrom`). */
  | { id: number; op: "save"; file: string };

/** What the worker opens: a data folder (in memory without one), or in memory from a saved copy. */
export type PgliteOpen = { dataDir?: string; startFrom?: string };

/** Id 0 answers the opening of the database. */
export type PgliteReply =
  | { id: number; ok: true; rows: unknown[] }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/** A request before the client numbers it. */
export type PgliteRequestBody = PgliteRequest extends infer R
  ? R extends PgliteRequest
    ? Omit<R, "id">
    : never
  : never;

import type { CrmProperty, CrmSource } from "@parley/shared/integrations";

/** One CRM record as read: its id in the CRM and the requested properties that have a value (as text). */
export type CrmRecord = { id: string; values: Record<string, string> };

/** One page of a source's contacts; `after` is the CRM's cursor for the next page, null on the last. */
export type CrmPage = { records: CrmRecord[]; after: string | null };

/**
 * What Parley needs of a CRM, so another CRM (Pipedrive, Salesforce) is one more file like hubspot-client.ts.
 * Writing call activities back (issue 20 item 3) will add `writeActivity` here.
 */
export interface CrmProvider {
  /** Checks the credential; answers the CRM account it opens (HubSpot's portal id). */
  account(): Promise<{ accountId: number | null }>;
  /** The lists (or saved filters) of contacts that can be imported. */
  listSources(): Promise<CrmSource[]>;
  source(id: string): Promise<CrmSource>;
  /** The contact properties offered for mapping. */
  properties(): Promise<CrmProperty[]>;
  /** A page of a source's contacts with the given properties; pass the previous page's `after` for the next. */
  fetchContacts(sourceId: string, properties: string[], after: string | null, limit?: number): Promise<CrmPage>;
}

/** The CRM refused the credential (revoked, expired, wrong): the connection needs a new one. */
export class CrmAuthError extends Error {}
/** Anything else the CRM answered that is not usable, with a message fit to show. */
export class CrmError extends Error {
  constructor(message: string, readonly status: number | null = null) {
    super(message);
  }
}

import type { CrmSource } from "@parley/shared/integrations";
import { CrmAuthError, CrmError, type CrmPage, type CrmProvider, type CrmRecord } from "./crm-provider.ts";
import { DNC_PROPERTY, DNC_PROPERTY_DEFINITION, hubspotRequest } from "./hubspot-activities.ts";
import type { HubspotPropertyDef } from "./hubspot-answers.ts";

/**
 * HubSpot's CRM v3 API with a private app's token, over plain fetch: the official @hubspot/api-client (v14)
 * requires Node >= 22 (this server runs on Node 20) and brings five dependencies for the six calls used here.
 * Endpoints (developers.hubspot.com/docs/api/...): GET /account-info/v3/details, GET /crm/v3/objects/contacts
 * (the token's contacts scope), POST /crm/v3/lists/search, GET /crm/v3/lists/{listId},
 * GET /crm/v3/lists/{listId}/memberships (paged with `after`), POST /crm/v3/objects/contacts/batch/read,
 * GET /crm/v3/properties/contacts; writing results back: hubspot-activities.ts.
 */
export type HubspotOptions = {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  /** 429s retried per request; HubSpot's Retry-After (seconds) is waited, at most `maxRetryWaitMs` each time. */
  maxRetries?: number;
  maxRetryWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const CONTACTS = "0-1";
const BATCH = 100;
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createHubspotClient(opts: HubspotOptions): CrmProvider {
  const { baseUrl, token } = opts;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxRetries = opts.maxRetries ?? 3;
  const maxRetryWaitMs = opts.maxRetryWaitMs ?? 10_000;
  const sleep = opts.sleep ?? wait;

  /** What a refusal means depends on the request: reading lists or writing activities. */
  type Refusals = { 403: string; 404: string };
  const READ: Refusals = {
    403:
      "This token may not read contacts and lists: give the private app the " +
      "scopes crm.objects.contacts.read and crm.lists.read.",
    404: "HubSpot has no such list.",
  };
  const WRITE: Refusals = {
    403:
      "This token may not write to contacts: give the private app the scope " +
      "crm.objects.contacts.write (and crm.schemas.contacts.write for the do-not-call " +
      "property).",
    404: "HubSpot has no such contact any more (deleted or merged).",
  };

  async function call<T>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    body?: unknown,
    refusals: Refusals = READ,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body ? { "content-type": "application/json" } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const why =
          (err as Error).name === "TimeoutError"
            ? `no answer in ${timeoutMs / 1000} s`
            : ((err as { cause?: Error }).cause?.message ?? (err as Error).message);
        throw new CrmError(`Could not reach HubSpot: ${why}.`);
      }
      if (res.status === 429) {
        const ms = await rateLimitWaitMs(res);
        if (ms === null)
          throw new CrmError(
            "HubSpot's daily API limit was reached: it resets at midnight in the HubSpot account's time zone.",
            429,
          );
        if (attempt >= maxRetries || ms > maxRetryWaitMs)
          throw new CrmError("HubSpot's rate limit was reached: try again in a minute.", 429);
        await sleep(ms);
        continue;
      }
      if (res.status === 401) throw new CrmAuthError(await authRefusal(res));
      if (res.status === 403) {
        await res.body?.cancel();
        throw new CrmError(refusals[403], 403);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        throw new CrmError(refusals[404], 404);
      }
      if (!res.ok) {
        // HubSpot's error body is {status, message, category}: its message is what a person can act on.
        const raw = await res.text();
        let text = raw;
        try {
          const parsed = JSON.parse(raw) as { message?: unknown };
          if (typeof parsed.message === "string") text = parsed.message;
        } catch {
          /* not JSON: the text itself */
        }
        text = text.trim().replace(/\.$/, "").slice(0, 300);
        throw new CrmError(`HubSpot answered ${res.status}${text ? `: ${text}` : ""}.`, res.status);
      }
      return (await res.json()) as T;
    }
  }

  type HsProperty = HubspotPropertyDef & { label: string; hidden?: boolean };
  const propertyDefs = async (refusals: Refusals = READ) =>
    (await call<{ results: HsProperty[] }>("GET", "/crm/v3/properties/contacts", undefined, refusals)).results;

  type HsList = {
    listId: string | number;
    name: string;
    objectTypeId?: string;
    processingType?: string;
    additionalProperties?: { hs_list_size?: string };
  };
  const toSource = (l: HsList): CrmSource => {
    const size = Number(l.additionalProperties?.hs_list_size);
    return {
      id: String(l.listId),
      name: l.name,
      size: Number.isFinite(size) && l.additionalProperties?.hs_list_size !== undefined ? size : null,
      // DYNAMIC is an active list (members are whoever its filters match); MANUAL and SNAPSHOT keep their members.
      kind: l.processingType === "DYNAMIC" ? "active" : "static",
    };
  };

  return {
    async account() {
      const details = await call<{ portalId?: number }>("GET", "/account-info/v3/details");
      // The portal answering is not enough: the import needs the contacts scope, checked here once.
      await call("GET", "/crm/v3/objects/contacts?limit=1");
      return { accountId: typeof details.portalId === "number" ? details.portalId : null };
    },

    async listSources() {
      const sources: CrmSource[] = [];
      // Lists search pages with a numeric offset; 500 lists is more than a team picks from.
      for (let offset = 0; sources.length < 500; ) {
        const page = await call<{ lists: HsList[]; hasMore: boolean; offset: number }>("POST", "/crm/v3/lists/search", {
          query: "",
          count: 100,
          offset,
          additionalProperties: ["hs_list_size"],
        });
        sources.push(...page.lists.filter((l) => (l.objectTypeId ?? CONTACTS) === CONTACTS).map(toSource));
        if (!page.hasMore || page.offset <= offset) break;
        offset = page.offset;
      }
      return sources;
    },

    async source(id) {
      if (!/^\d{1,20}$/.test(id)) throw new CrmError("HubSpot has no such list.", 404);
      const { list } = await call<{ list: HsList }>("GET", `/crm/v3/lists/${id}?includeFilters=false`);
      return toSource(list);
    },

    async properties() {
      const results = await propertyDefs();
      return results
        .filter((p) => !p.hidden)
        .map((p) => ({ name: p.name, label: p.label || p.name }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },

    async fetchContacts(sourceId, properties, after, limit = BATCH): Promise<CrmPage> {
      if (!/^\d{1,20}$/.test(sourceId)) throw new CrmError("HubSpot has no such list.", 404);
      const query = new URLSearchParams({ limit: String(Math.min(limit, BATCH)) });
      if (after) query.set("after", after);
      const members = await call<{
        results: Array<{ recordId: string | number }>;
        paging?: { next?: { after?: string } };
      }>("GET", `/crm/v3/lists/${sourceId}/memberships?${query}`);
      const ids = members.results.map((m) => String(m.recordId));
      let records: CrmRecord[] = [];
      let gone: string[] = [];
      if (ids.length) {
        const batch = await call<{ results: Array<{ id: string; properties: Record<string, string | null> }> }>(
          "POST",
          "/crm/v3/objects/contacts/batch/read",
          { properties, propertiesWithHistory: [], inputs: ids.map((id) => ({ id })) },
        );
        const byId = new Map(batch.results.map((r) => [r.id, r]));
        // In the list's order; a member deleted or merged since (HubSpot's 207
        // names it, and it is not among the results) is `gone`.
        gone = ids.filter((id) => !byId.has(id));
        records = ids.flatMap((id) => {
          const r = byId.get(id);
          if (!r) return [];
          const values: Record<string, string> = {};
          for (const [k, v] of Object.entries(r.properties ?? {}))
            if (v !== null && v !== undefined && String(v).trim()) values[k] = String(v);
          return [{ id, values }];
        });
      }
      return { records, gone, after: members.paging?.next?.after ?? null };
    },

    async writeActivity(activity) {
      // Answers are written in the format of their property's type, read from the account each time: a team may
      // change a property in HubSpot between two calls.
      const defs =
        activity.kind === "answers" ? new Map((await propertyDefs(WRITE)).map((p) => [p.name, p])) : undefined;
      const req = hubspotRequest(activity, defs);
      try {
        const made = await call<{ id?: string }>(req.method, req.path, req.body, WRITE);
        return { id: req.method === "POST" && made.id ? String(made.id) : null };
      } catch (err) {
        // The do-not-call property is created in the account the first time it is missing (409: made meanwhile).
        if (
          !(
            activity.kind === "do_not_call" &&
            err instanceof CrmError &&
            err.status === 400 &&
            err.message.includes(DNC_PROPERTY) &&
            /does not exist|PROPERTY_DOESNT_EXIST/.test(err.message)
          )
        )
          throw err;
        await call("POST", "/crm/v3/properties/contacts", DNC_PROPERTY_DEFINITION, WRITE).catch((e: unknown) => {
          if (!(e instanceof CrmError && e.status === 409)) throw e;
        });
        await call(req.method, req.path, req.body, WRITE);
        return { id: null };
      }
    },
  };
}

/**
 * How long a 429 asks to wait, or null when waiting within a request is pointless (the daily limit). HubSpot's
 * 429 body is {status, message, errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING" | "SECONDLY" | "DAILY"}
 * (developers.hubspot.com/docs/api/usage-details); a Retry-After header, when sent, is taken as it says. Without
 * one, the ten-second window is waited whole, as HubSpot's own client does, and the search limit a second.
 */
async function rateLimitWaitMs(res: Response): Promise<number | null> {
  const body = (await res.json().catch(() => ({}))) as { policyName?: unknown };
  const seconds = Number(res.headers.get("retry-after"));
  if (body.policyName === "DAILY") return null;
  if (res.headers.has("retry-after") && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  return body.policyName === "TEN_SECONDLY_ROLLING" ? 10_000 : 1000;
}

/** A 401's reason: HubSpot's category says whether the token expired (a rotated private-app token) or is unknown. */
async function authRefusal(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { category?: unknown };
  return body.category === "EXPIRED_AUTHENTICATION"
    ? "HubSpot says this token has expired: paste the private app's current token."
    : "HubSpot refused this token.";
}

/** The properties shown as a preview's columns when the account offers them (HubSpot's defaults). */
export const PREVIEW_PROPERTIES = [
  "firstname",
  "lastname",
  "phone",
  "mobilephone",
  "email",
  "company",
  "jobtitle",
  "city",
];

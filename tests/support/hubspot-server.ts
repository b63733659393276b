import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the HubSpot CRM v3 endpoints Parley's adapter (hubspot-client.ts) uses, with
 * the request and answer shapes of HubSpot's documentation:
 *   GET  /account-info/v3/details                       (Account Information API: `portalId`)
 *   GET  /crm/v3/objects/contacts?limit=1               (Contacts API, the scope check)
 *   POST /crm/v3/lists/search                           (Lists API v3: {query,
 * count, offset, additionalProperties} → {lists, hasMore,
 *                                                        offset, total}; each
 * list with its processingType: MANUAL, SNAPSHOT, DYNAMIC)
 *   GET  /crm/v3/lists/{listId}                         (Lists API v3: {list})
 *   GET  /crm/v3/lists/{listId}/memberships?limit&after (Lists API v3:
 * {results: [{recordId, membershipTimestamp}], paging.next.after,
 *                                                        total}; limit at most 250)
 *   POST /crm/v3/objects/contacts/batch/read            (Contacts batch read:
 * {properties, propertiesWithHistory, inputs: [{id}]}, all
 *                                                        required, at most
 * 100 inputs → 200 {status, results}, or 207 with `errors`
 *                                                        (OBJECT_NOT_FOUND and the ids) when some ids are not contacts)
 *   GET  /crm/v3/properties/contacts                    (Properties API: {results: [{name, label, type, options,
 *                                                        hidden}]}, the account's custom properties included)
 * and what writing call results back uses (hubspot-activities.ts):
 *   POST  /crm/v3/objects/calls        (Calls API: {properties
 * (hs_timestamp required), associations: [{to: {id}, types:
 *                                       [{associationCategory:
 * "HUBSPOT_DEFINED", associationTypeId: 194}]}]} → 201 {id, properties})
 *   POST  /crm/v3/objects/meetings     (Meetings API: the same with
 * hs_meeting_start_time/end_time and association type 200)
 *   PATCH /crm/v3/objects/meetings/{id} (Meetings API: {properties} → 200;
 * hs_meeting_outcome one of HubSpot's outcomes; an unknown id 404)
 *   PATCH /crm/v3/objects/contacts/{id} (Contacts API: {properties} → 200; a property the account lacks answers 400
 *                                       VALIDATION_ERROR "Property \"x\" does
 * not exist" (PROPERTY_DOESNT_EXIST), a value not in its property's format 400 (invalidValue); an unknown contact 404)
 *   POST  /crm/v3/properties/contacts  (Properties API: creates a custom property → 201; an existing name answers 409)
 * `state.outage` makes the server fail every request: "drop" closes the connection unanswered, "503" answers HubSpot's
 * 503; `state.token` can be changed to revoke the token the app holds.
 * Any other token than `token` gets HubSpot's 401 body
 * (INVALID_AUTHENTICATION; EXPIRED_AUTHENTICATION for `state.expiredToken`,
 * a
 * rotated private-app token past its expiry); `state.rateLimitNext` (a path
 * fragment) answers the next request to a matching path
 * 429, once, with HubSpot's documented body (errorType RATE_LIMIT,
 * `state.rateLimitPolicy`: TEN_SECONDLY_ROLLING or DAILY) and a
 * `Retry-After` of `state.retryAfterSeconds` (null: no header, as
 * HubSpot's usage docs show it). Memberships page `pageSize`
 * records at a time. Bodies are checked against the documented shapes: a
 * malformed one answers HubSpot's 400 VALIDATION_ERROR.
 */
/** A contact property as the Properties API describes it; tests add custom ones to `state.customProperties`. */
export type PropertyDef = {
  name: string;
  label: string;
  type: string;
  fieldType?: string;
  groupName?: string;
  options?: Array<{ label: string; value: string }>;
};

/**
 * HubSpot's checks of a property value by the property's type (its documented formats: bool "true"/"false", a
 * number's digits, a date at midnight UTC in milliseconds or YYYY-MM-DD, a datetime in milliseconds or ISO 8601, an
 * enumeration one of its options' internal values), with the error codes its 400 names; null: accepted.
 */
function invalidValue(def: PropertyDef, value: unknown): { message: string; error: string } | null {
  if (typeof value !== "string") return { message: `${JSON.stringify(value)} is not a string`, error: "INVALID_TYPE" };
  const bad = (what: string, error: string) => ({ message: `${value} was not a valid ${what}.`, error });
  if (def.type === "bool" && value !== "true" && value !== "false") return bad("boolean", "INVALID_BOOLEAN");
  if (def.type === "number" && !/^-?\d+(\.\d+)?$/.test(value)) return bad("number", "INVALID_FLOAT");
  if (def.type === "date") {
    const ms = /^\d+$/.test(value) ? Number(value) : /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(value) : Number.NaN;
    if (!Number.isFinite(ms) || ms % 86_400_000 !== 0) return bad("date (midnight UTC)", "INVALID_DATE");
  }
  if (def.type === "datetime" && !/^\d+$/.test(value) && Number.isNaN(Date.parse(value)))
    return bad("datetime", "INVALID_DATETIME");
  if (def.type === "enumeration" && !def.options?.some((o) => o.value === value))
    return bad(`option of ${def.name}`, "INVALID_OPTION");
  return null;
}

export type HubspotContact = { id: string; properties: Record<string, string | null> };
export type HubspotList = {
  listId: string;
  name: string;
  members: string[];
  processingType?: "MANUAL" | "SNAPSHOT" | "DYNAMIC";
};
/** A call or meeting written through the API, with the contacts it was associated with. */
export type Engagement = { id: string; properties: Record<string, string>; contactIds: string[] };

export async function startHubspotServer(opts: {
  token: string;
  contacts: HubspotContact[];
  lists: HubspotList[];
  pageSize?: number;
}) {
  const pageSize = opts.pageSize ?? 100;
  const byId = new Map(opts.contacts.map((c) => [c.id, c]));
  const state = {
    token: opts.token,
    expiredToken: null as string | null,
    requests: [] as string[],
    limited: 0,
    rateLimitNext: null as string | null,
    retryAfterSeconds: 1 as number | null,
    rateLimitPolicy: "TEN_SECONDLY_ROLLING" as "TEN_SECONDLY_ROLLING" | "DAILY",
    outage: null as "drop" | "503" | null,
    calls: [] as Engagement[],
    meetings: [] as Engagement[],
    /** Custom contact properties created through the Properties API (a fresh account has none). */
    customProperties: [] as PropertyDef[],
  };
  const properties = [
    ["firstname", "First Name"],
    ["lastname", "Last Name"],
    ["email", "Email"],
    ["phone", "Phone Number"],
    ["mobilephone", "Mobile Phone Number"],
    ["company", "Company Name"],
    ["jobtitle", "Job Title"],
    ["city", "City"],
  ].map(([name, label]) => ({ name: name!, label: label!, type: "string", hidden: false }));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      state.requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (state.outage === "drop") return req.socket.destroy();
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers })
          .end(JSON.stringify(body));
      if (state.outage === "503")
        return send(503, { status: "error", message: "Service Unavailable", category: "SERVICE_UNAVAILABLE" });
      const correlationId = crypto.randomUUID();
      if (state.expiredToken !== null && req.headers.authorization === `Bearer ${state.expiredToken}`) {
        return send(401, {
          status: "error",
          message: "The OAuth token used to make this call expired 2 hour(s) ago.",
          correlationId,
          category: "EXPIRED_AUTHENTICATION",
        });
      }
      if (req.headers.authorization !== `Bearer ${state.token}`) {
        return send(401, {
          status: "error",
          message: "Authentication credentials not found. This API supports OAuth 2.0 authentication.",
          correlationId,
          category: "INVALID_AUTHENTICATION",
        });
      }
      if (state.rateLimitNext !== null && url.pathname.includes(state.rateLimitNext)) {
        state.rateLimitNext = null;
        state.limited++;
        const daily = state.rateLimitPolicy === "DAILY";
        return send(
          429,
          {
            status: "error",
            message: daily ? "You have reached your daily limit." : "You have reached your ten_secondly_rolling limit.",
            errorType: "RATE_LIMIT",
            correlationId,
            policyName: state.rateLimitPolicy,
          },
          state.retryAfterSeconds === null ? {} : { "retry-after": String(state.retryAfterSeconds) },
        );
      }
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      const invalid = (message: string) =>
        send(400, { status: "error", message, correlationId, category: "VALIDATION_ERROR" });
      const listOf = (id: string) => opts.lists.find((l) => l.listId === id);
      const hsList = (l: HubspotList) => ({
        listId: l.listId,
        listVersion: 1,
        name: l.name,
        objectTypeId: "0-1",
        processingType: l.processingType ?? "MANUAL",
        processingStatus: "COMPLETE",
        additionalProperties: { hs_list_size: String(l.members.length) },
      });
      const path = url.pathname;
      let m: RegExpMatchArray | null;
      if (req.method === "GET" && path === "/account-info/v3/details")
        return send(200, { portalId: 4242, timeZone: "UTC", accountType: "STANDARD" });
      if (req.method === "GET" && path === "/crm/v3/objects/contacts")
        return send(200, { results: opts.contacts.slice(0, 1) });
      if (req.method === "GET" && path === "/crm/v3/properties/contacts")
        return send(200, { results: [...properties, ...state.customProperties] });
      if (req.method === "POST" && path === "/crm/v3/lists/search") {
        const offset = Number(body.offset ?? 0);
        const count = Number(body.count ?? 20);
        if (!Number.isInteger(count) || count < 1 || count > 500) return invalid("count must be between 1 and 500");
        // `query` matches list names; "" pages through every list.
        const matching = opts.lists.filter((l) =>
          l.name.toLowerCase().includes(String(body.query ?? "").toLowerCase()),
        );
        const page = matching.slice(offset, offset + count);
        return send(200, {
          lists: page.map(hsList),
          hasMore: offset + count < matching.length,
          offset: offset + page.length,
          total: matching.length,
        });
      }
      m = path.match(/^\/crm\/v3\/lists\/(\d+)$/);
      if (req.method === "GET" && m) {
        const l = listOf(m[1]!);
        return l
          ? send(200, { list: hsList(l) })
          : send(404, { status: "error", message: "List does not exist", category: "OBJECT_NOT_FOUND" });
      }
      m = path.match(/^\/crm\/v3\/lists\/(\d+)\/memberships$/);
      if (req.method === "GET" && m) {
        const l = listOf(m[1]!);
        if (!l) return send(404, { status: "error", message: "List does not exist", category: "OBJECT_NOT_FOUND" });
        const start = Number(url.searchParams.get("after") ?? 0);
        const asked = Number(url.searchParams.get("limit") ?? 100);
        if (!Number.isInteger(asked) || asked < 1 || asked > 250) return invalid("limit must be between 1 and 250");
        const limit = Math.min(asked, pageSize);
        const ids = l.members.slice(start, start + limit);
        const next = start + limit < l.members.length ? { paging: { next: { after: String(start + limit) } } } : {};
        return send(200, {
          results: ids.map((recordId) => ({ recordId, membershipTimestamp: "2030-01-01T00:00:00Z" })),
          total: l.members.length,
          ...next,
        });
      }
      if (req.method === "POST" && path === "/crm/v3/objects/contacts/batch/read") {
        if (
          !Array.isArray(body.properties) ||
          !Array.isArray(body.propertiesWithHistory) ||
          !Array.isArray(body.inputs)
        ) {
          return invalid("Invalid input JSON: properties, propertiesWithHistory and inputs are required");
        }
        if (body.inputs.length > 100) return invalid("Batch input must contain at most 100 inputs");
        const wanted: string[] = body.properties;
        const missing = (body.inputs as Array<{ id: string }>)
          .map(({ id }) => String(id))
          .filter((id) => !byId.has(id));
        const results = (body.inputs as Array<{ id: string }>).flatMap(({ id }) => {
          const c = byId.get(id);
          if (!c) return [];
          const props: Record<string, string | null> = { hs_object_id: c.id };
          for (const p of wanted) props[p] = c.properties[p] ?? null;
          return [
            {
              id: c.id,
              properties: props,
              createdAt: "2030-01-01T00:00:00Z",
              updatedAt: "2030-01-01T00:00:00Z",
              archived: false,
            },
          ];
        });
        const done = {
          status: "COMPLETE",
          results,
          startedAt: "2030-01-01T00:00:00Z",
          completedAt: "2030-01-01T00:00:00Z",
        };
        // Ids that are not (or no longer) contacts: HubSpot answers 207
        // Multi-Status with the found ones and an error naming the rest.
        if (!missing.length) return send(200, done);
        return send(207, {
          ...done,
          numErrors: 1,
          errors: [
            {
              status: "error",
              category: "OBJECT_NOT_FOUND",
              message:
                "Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.",
              context: { ids: missing },
            },
          ],
        });
      }
      const written = writes(req.method ?? "", path, body);
      if (written) return send(written.status, written.body);
      return send(404, { status: "error", message: `No route ${req.method} ${path}`, category: "OBJECT_NOT_FOUND" });
    });
  });
  /** The write endpoints; null: not one of them. */
  function writes(method: string, path: string, body: any): { status: number; body: unknown } | null {
    const invalid = (message: string) => ({
      status: 400,
      body: { status: "error", message, category: "VALIDATION_ERROR" },
    });
    const engagement =
      method === "POST" &&
      (path === "/crm/v3/objects/calls" ? "calls" : path === "/crm/v3/objects/meetings" ? "meetings" : null);
    if (engagement) {
      const properties = body?.properties ?? {};
      if (!properties.hs_timestamp) return invalid("Property values were not valid: hs_timestamp is required");
      // SimplePublicObjectInputForCreate: every property value is a string.
      const notText = Object.keys(properties).find((k) => typeof properties[k] !== "string");
      if (notText) return invalid(`Property values were not valid: ${notText} must be a string`);
      const typeId = engagement === "calls" ? 194 : 200;
      const assoc = body.associations ?? [];
      for (const a of assoc) {
        const t = a?.types?.[0];
        if (!a?.to?.id || t?.associationCategory !== "HUBSPOT_DEFINED" || t?.associationTypeId !== typeId)
          return invalid(`Invalid association for ${engagement}`);
        if (!byId.has(String(a.to.id))) return invalid(`One or more associations are invalid: no contact ${a.to.id}`);
      }
      const made: Engagement = {
        id: String(900000 + state.calls.length + state.meetings.length + 1),
        properties,
        contactIds: assoc.map((a: any) => String(a.to.id)),
      };
      state[engagement].push(made);
      return { status: 201, body: { id: made.id, properties, createdAt: new Date().toISOString(), archived: false } };
    }
    let m: RegExpMatchArray | null;
    m = path.match(/^\/crm\/v3\/objects\/meetings\/([^/]+)$/);
    if (method === "PATCH" && m) {
      const meeting = state.meetings.find((e) => e.id === decodeURIComponent(m![1]!));
      if (!meeting)
        return { status: 404, body: { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" } };
      const outcome = body?.properties?.hs_meeting_outcome;
      if (
        outcome !== undefined &&
        !["SCHEDULED", "COMPLETED", "RESCHEDULED", "NO_SHOW", "CANCELED"].includes(outcome)
      ) {
        return invalid(`Property values were not valid: ${outcome} is not a valid hs_meeting_outcome`);
      }
      Object.assign(meeting.properties, body?.properties ?? {});
      return { status: 200, body: { id: meeting.id, properties: meeting.properties, archived: false } };
    }
    m = path.match(/^\/crm\/v3\/objects\/contacts\/([^/]+)$/);
    if (method === "PATCH" && m) {
      const c = byId.get(decodeURIComponent(m[1]!));
      if (!c)
        return { status: 404, body: { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" } };
      const known = new Set([...properties.map((p) => p.name), ...state.customProperties.map((p) => p.name as string)]);
      const missing = Object.keys(body?.properties ?? {}).find((k) => !known.has(k));
      if (missing)
        return invalid(
          'Property values were not valid: [{"isValid":false,"message":"Property ' +
            `\\"${missing}\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"${missing}"}]`,
        );
      const defs = [...properties, ...state.customProperties] as PropertyDef[];
      for (const [name, value] of Object.entries(body.properties as Record<string, unknown>)) {
        const wrong = invalidValue(defs.find((p) => p.name === name)!, value);
        if (wrong)
          return invalid(
            `Property values were not valid: [{"isValid":false,"message":${JSON.stringify(wrong.message)},` +
              `"error":"${wrong.error}","name":"${name}"}]`,
          );
      }
      Object.assign(c.properties, body.properties);
      return { status: 200, body: { id: c.id, properties: c.properties, archived: false } };
    }
    if (method === "POST" && path === "/crm/v3/properties/contacts") {
      if (!body?.name || !body?.type || !body?.fieldType || !body?.groupName || !body?.label)
        return invalid("name, label, type, fieldType and groupName are required");
      if (state.customProperties.some((p) => p.name === body.name))
        return {
          status: 409,
          body: { status: "error", message: "Property already exists", category: "OBJECT_ALREADY_EXISTS" },
        };
      state.customProperties.push(body);
      return { status: 201, body };
    }
    return null;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HubspotServer = Awaited<ReturnType<typeof startHubspotServer>>;

/**
 * Six contacts: valid US numbers (one written without +1), a repeat of
 * Ana's number, one without a phone, one too short.
 */
export function sampleContacts(): HubspotContact[] {
  const people: HubspotContact[] = [
    {
      id: "101",
      properties: {
        firstname: "Ana",
        lastname: "Silva",
        phone: "+1 415 555 0101",
        email: "ana@acme.test",
        company: "Acme",
      },
    },
    {
      id: "102",
      properties: {
        firstname: "Ben",
        lastname: "Okafor",
        phone: "(415) 555-0102",
        email: "ben@globex.test",
        company: "Globex",
      },
    },
    {
      id: "103",
      properties: { firstname: "Chen", lastname: "Wei", phone: null, email: "chen@initech.test", company: "Initech" },
    },
    {
      id: "104",
      properties: {
        firstname: "Dana",
        lastname: "Reyes",
        phone: "12",
        email: "dana@umbrella.test",
        company: "Umbrella",
      },
    },
    {
      id: "105",
      properties: { firstname: "Ana", lastname: "Silva", phone: "+14155550101", email: null, company: "Acme" },
    },
    {
      id: "106",
      properties: {
        firstname: "Eli",
        lastname: "Novak",
        phone: "+1 415 555 0106",
        email: "eli@hooli.test",
        company: "Hooli",
      },
    },
  ];
  return people;
}

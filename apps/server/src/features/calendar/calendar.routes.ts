import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Availability,
  AvailabilityQuery,
  CalendarEventCreate,
  CalendarEventList,
  CalendarEventReply,
  CalendarEventUpdate,
  CalendarStatsReply,
  EventsQuery,
  FeedCreated,
  FeedStatus,
  StatsQuery,
} from "@parley/shared/calendar";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { notFound } from "../../http/errors.ts";
import type { CalendarFeedService } from "./calendar-feed.service.ts";
import type { CalendarService } from "./calendar.service.ts";

// A malformed id can never name an event of this org: answer 404 like any other unknown id.
const EventParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const eventId = (id: string) => {
  if (!UUID.test(id)) throw notFound("Event");
  return id;
};

type Deps = { calendar: CalendarService; feeds: CalendarFeedService; requireAuth: RequireAuth };

export function calendarRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { calendar, feeds, requireAuth } = deps;
  return async (app) => {
    // Public: calendar apps subscribe with the secret URL and send no token.
    app.get("/calendar/feed/:file", { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, "");
      const text = await feeds.ics(token, request.hostname.split(":")[0] || "parley");
      if (text === null) throw notFound("Calendar feed");
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .header("content-disposition", 'inline; filename="parley.ics"')
        .send(text);
    });

    await app.register(async (authed) => {
      authed.addHook("preHandler", requireAuth);
      const r = authed.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/calendar/events",
        { schema: { querystring: EventsQuery, response: { 200: CalendarEventList } } },
        async (request) => ({
          events: await calendar.list(request.auth.orgId, request.query),
        }),
      );
      r.get(
        "/calendar/events/:id",
        { schema: { params: EventParams, response: { 200: CalendarEventReply } } },
        async (request) => ({
          event: await calendar.get(request.auth.orgId, eventId(request.params.id)),
        }),
      );
      r.post(
        "/calendar/events",
        { schema: { body: CalendarEventCreate, response: { 201: CalendarEventReply } } },
        async (request, reply) =>
          reply
            .status(201)
            .send({ event: await calendar.create(request.auth.orgId, request.auth.userId, request.body) }),
      );
      r.put(
        "/calendar/events/:id",
        { schema: { params: EventParams, body: CalendarEventUpdate, response: { 200: CalendarEventReply } } },
        async (request) => ({
          event: await calendar.update(request.auth.orgId, eventId(request.params.id), request.body),
        }),
      );
      const cancel = async (request: { auth: { orgId: string }; params: { id: string } }) => ({
        event: await calendar.cancel(request.auth.orgId, eventId(request.params.id)),
      });
      r.delete(
        "/calendar/events/:id",
        { schema: { params: EventParams, response: { 200: CalendarEventReply } } },
        cancel,
      );
      r.post(
        "/calendar/events/:id/cancel",
        { schema: { params: EventParams, response: { 200: CalendarEventReply } } },
        cancel,
      );

      r.get(
        "/calendar/availability",
        { schema: { querystring: AvailabilityQuery, response: { 200: Availability } } },
        async (request) => ({
          data: { slots: await calendar.availability(request.auth.orgId, request.query) },
        }),
      );
      r.get(
        "/calendar/stats",
        { schema: { querystring: StatsQuery, response: { 200: CalendarStatsReply } } },
        async (request) => ({
          data: await calendar.stats(request.auth.orgId, request.query),
        }),
      );

      r.get("/calendar/feed", { schema: { response: { 200: FeedStatus } } }, async (request) =>
        feeds.status(request.auth.orgId),
      );
      r.post("/calendar/feed", { schema: { response: { 201: FeedCreated } } }, async (request, reply) => {
        const { token, createdAt } = await feeds.rotate(request.auth.orgId);
        const url = `${request.protocol}://${request.host}/api/calendar/feed/${token}.ics`;
        return reply.status(201).send({ url, created_at: createdAt.toISOString() });
      });
      r.delete("/calendar/feed", { schema: { response: { 200: FeedStatus } } }, async (request) => {
        await feeds.revoke(request.auth.orgId);
        return feeds.status(request.auth.orgId);
      });
    });
  };
}

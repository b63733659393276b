import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TwilioWebhooks } from "@parley/voice/telephony/twilio/twilio-telephony";
import { AppError } from "../../http/errors.ts";

const FORM_LIMIT = 64 * 1024; // Twilio's callbacks are a few hundred bytes

/**
 * Twilio's webhooks and the Media Streams socket. Twilio cannot send a bearer token: every request is
 * authenticated by its X-Twilio-Signature alone, and a bad one is refused before anything happens.
 */
export function twilioRoutes(deps: { twilio: TwilioWebhooks }): FastifyPluginAsyncZod {
  const { twilio } = deps;
  return async (app) => {
    // Twilio posts form-encoded bodies; this parser lives only inside this plugin.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    const signed = (request: FastifyRequest): Record<string, string> => {
      const params = formParams(request.body);
      if (!twilio.verifyWebhook(request.url, params, signatureOf(request))) throw forbidden();
      return params;
    };
    const callIdOf = (request: FastifyRequest): string => {
      const q = request.query as Record<string, unknown> | undefined;
      return typeof q?.callId === "string" ? q.callId : "";
    };

    app.post("/telephony/twilio/twiml", async (request, reply) => {
      signed(request);
      return reply.type("text/xml").send(twilio.twiml(callIdOf(request)));
    });

    // The number's "A call comes in" webhook: an inbound campaign answers (or a polite refusal is said).
    app.post("/telephony/twilio/incoming", async (request, reply) => {
      const params = signed(request);
      return reply.type("text/xml").send(await twilio.incoming(params));
    });

    app.post("/telephony/twilio/status", async (request, reply) => {
      twilio.onStatus(callIdOf(request), signed(request));
      return reply.status(204).send();
    });

    app.post("/telephony/twilio/amd", async (request, reply) => {
      twilio.onAmd(callIdOf(request), signed(request));
      return reply.status(204).send();
    });

    // The handshake is refused before the upgrade when Twilio's signature over the wss:// URL is wrong.
    const verifyHandshake = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!twilio.verifyMediaHandshake(request.url, signatureOf(request))) return reply.status(403).send();
    };
    app.get(
      "/telephony/twilio/media",
      { websocket: true, preValidation: verifyHandshake, schema: { hide: true } },
      (socket) => {
        twilio.acceptMedia(socket);
      },
    );
  };
}

function signatureOf(request: FastifyRequest): string | undefined {
  const h = request.headers["x-twilio-signature"];
  return typeof h === "string" ? h : undefined;
}

function formParams(body: unknown): Record<string, string> {
  if (!body || typeof body !== "object") return {};
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
}

const forbidden = () => new AppError("forbidden", "The request is not signed by Twilio.");

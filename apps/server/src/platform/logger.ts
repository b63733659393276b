import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = FastifyBaseLogger;

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel });
}

/**
 * The logger the HTTP server gets. Fastify writes a line at info for every request (and "Server listening" per
 * address): in a terminal they bury what matters, so below debug the HTTP layer keeps to warnings and errors
 * (a failed request is still logged, by the error handler). `LOG_LEVEL=debug` shows every request.
 */
export function httpLogger(logger: Logger): Logger {
  const { values } = pino.levels;
  const current = values[logger.level] ?? Number.POSITIVE_INFINITY; // "silent" has no number: nothing is louder
  if (current <= values.debug! || current >= values.warn!) return logger;
  return logger.child({}, { level: "warn" });
}

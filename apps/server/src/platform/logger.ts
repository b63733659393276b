import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = FastifyBaseLogger;

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel });
}

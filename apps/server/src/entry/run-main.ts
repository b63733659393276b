import { ConfigError } from "../platform/config.ts";
import { DatabaseUnavailable } from "../platform/db.ts";

/**
 * Runs a command's main: a number it returns is the exit code. A start-up failure the operator can fix
 * (configuration, an unreachable database) prints its message alone, anything else its stack; both exit 1.
 */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => {
      if (typeof code === "number") process.exit(code);
    },
    (err: unknown) => {
      console.error(err instanceof ConfigError || err instanceof DatabaseUnavailable ? err.message : err);
      process.exit(1);
    },
  );
}

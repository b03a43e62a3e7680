/**
 * The server process's start of the modules: app/modules/registry.server.ts subscribes every module's reactions
 * and, unless RAMPART_JOBS=0, registers their durable jobs and starts the runners. server.ts calls it once the
 * database is ready; tests and scripts never start anything by importing a module.
 */
import { getEnv } from "~/lib/env.server";
import { startModules } from "~/modules/registry.server";

export function startBackgroundJobs() {
  startModules({ jobs: getEnv().RAMPART_JOBS !== "0" });
}

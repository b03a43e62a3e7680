/**
 * Exists only when the server runs with RAMPART_TEST_ROUTES=1 (404 otherwise): the open alert streams and bus
 * listeners of the server process, so tests through the real server can see that closed streams release
 * everything (tests/unit/stream-access.test.ts).
 */
import { getEnv } from "~/lib/env.server";
import { json } from "~/lib/http.server";
import { alertStreamStats } from "~/modules/alerts";

export const loader = () => {
  if (getEnv().RAMPART_TEST_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  return json(alertStreamStats());
};

/**
 * The end-to-end suite moves the app clock forward (app/lib/clock.server.ts): POST `advanceMs`. Exists only when the
 * server runs with RAMPART_TEST_ROUTES=1 *and* was started by tests/e2e/start-server.ts, which installs the test
 * clock before loading the app; a production start (server.ts) never installs one, so this answers 404 there
 * whatever the environment says. Signed-in callers only.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { testClock, now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { badRequest, json, readForm } from "~/lib/http.server";
import { requireUser } from "~/modules/tenants";

export const loader = () => {
  throw new Response("Not Found", { status: 404 });
};

const Body = z.object({
  advanceMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60 * 60 * 1000),
});

export async function action({ request }: ActionFunctionArgs) {
  const clock = testClock();
  if (getEnv().RAMPART_TEST_ROUTES !== "1" || !clock) throw new Response("Not Found", { status: 404 });
  await requireUser(request, { api: true });
  const parsed = Body.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
  clock.offsetMs += parsed.data.advanceMs;
  return json({ now: now(), offsetMs: clock.offsetMs });
}

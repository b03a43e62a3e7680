/**
 * GET /admin/feeds.json: the feed status page's facts for monitoring (issue 30):
 * `{ feeds: [{ feed, label, source, enabled, lastSuccessAt, lastAttemptAt,
 * records, nextRunAt, lastError, stale }] }`, times as ISO strings or null.
 * Operators only (issue 32); everyone else gets a 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { requireOperator } from "~/modules/operator";
import { feedStatuses } from "~/modules/feeds/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  return json({ feeds: feedStatuses() });
}

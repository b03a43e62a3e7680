/**
 * GET /admin/feeds.json: the feed status page's facts for monitoring (issue 30):
 * `{ feeds: [{ feed, label, source, enabled, lastSuccessAt, lastAttemptAt,
 * records, nextRunAt, lastError, stale }] }`, times as ISO strings or null.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { feedStatuses } from "~/modules/feeds/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantContext(request, { feature: "adminDashboard", permission: "administer" });
  return json({ feeds: feedStatuses() });
}

/**
 * GET /api/dark-web/identities: the tenant's watchlist as the page shows it.
 * POST { value }: watch an e-mail address or a domain (matched against the
 * breach catalogue at once); 201 with the identity, 200 when already watched,
 * 400 VALIDATION_ERROR for anything else.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit/audit.server";
import { requireVerifiedEmail } from "~/modules/accounts";
import { WatchEntrySchema } from "~/modules/breach/validation";
import {
  addWatchedDomain,
  addWatchedEmail,
  listWatchedIdentities,
  WatchlistError,
} from "~/modules/breach/watchlist.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "darkWebMonitoring" });
  return json({ identities: listWatchedIdentities(ctx.tenant.id) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, {
    feature: "darkWebMonitoring",
    permission: ["watchlist", "manage"],
  });
  limitWrites(ctx.user.id);
  const body = await readJsonBody(request);
  const parsed = WatchEntrySchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const entry = parsed.data.value;
  // 403 EMAIL_NOT_VERIFIED: an unverified account watches e-mail addresses only (issue 20).
  if (entry.type === "domain") requireVerifiedEmail(ctx.user.id, "watch-domain");
  try {
    const r =
      entry.type === "email"
        ? addWatchedEmail(ctx.tenant.id, entry.value)
        : addWatchedDomain(ctx.tenant.id, entry.value);
    if (r.added)
      audit({
        action: "darkweb.watch_added",
        tenantId: ctx.tenant.id,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { identityId: r.id, type: entry.type },
      });
    const identity = listWatchedIdentities(ctx.tenant.id).find((i) => i.id === r.id);
    return json({ identity }, r.added ? 201 : 200);
  } catch (error) {
    if (error instanceof WatchlistError) return badRequest(error.message);
    throw error;
  }
}

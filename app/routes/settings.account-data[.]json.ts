/**
 * GET /settings/account-data.json: the signed-in person's own data as a JSON
 * download (issue 20: profile, memberships, their audit entries, their
 * analyses), to keep before deleting the account.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientIp } from "~/lib/request.server";
import { notFound } from "~/lib/http.server";
import { requireUser } from "~/modules/tenants";
import { exportAccountData } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { huntsSavedBy } from "~/modules/detection";
import { analysesBy } from "~/modules/phishing/index.server";
import { projectsUploadedBy } from "~/modules/vulnerability/index.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  // The analyses a person ran, each read by the module that owns it.
  const data = exportAccountData(user.id, (userId, tenantIds) => ({
    phishing: analysesBy(userId, tenantIds),
    dependencies: projectsUploadedBy(userId, tenantIds),
    hunts: huntsSavedBy(userId, tenantIds),
  }));
  if (!data) throw notFound();
  audit({ action: "auth.data_exported", userId: user.id, ip: clientIp(context) });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="rampart-account-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

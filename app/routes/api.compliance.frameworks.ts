/** GET /api/compliance/frameworks: each adopted framework as { framework, score, controls[] {id, name, status, evidence} }. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppRoute } from "~/modules/tenants";
import { json } from "~/lib/http.server";
import { checkEvidenceExpiry, complianceFrameworks } from "~/modules/compliance/compliance.server";

const PATH = "/compliance-monitoring";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH, { api: true });
  checkEvidenceExpiry(ctx.tenant.id);
  const requiredOnly = new URL(request.url).searchParams.get("required") === "1";
  return json({ frameworks: complianceFrameworks(ctx.tenant.id, { controls: "all", requiredOnly }) });
}

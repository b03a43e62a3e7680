/** /compliance-monitoring/:framework/report.csv: the framework's requirements as CSV (formula-safe cells). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppRoute } from "~/modules/tenants";
import { checkEvidenceExpiry } from "~/modules/compliance/compliance.server";
import { frameworkReport, reportCsv } from "~/modules/compliance/report.server";

const PATH = "/compliance-monitoring";

const notFound = () =>
  new Response(JSON.stringify({ message: "Resource not found", code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });

export async function reportLoader(request: Request, params: Record<string, string | undefined>, now = Date.now()) {
  const ctx = await requireAppRoute(request, PATH);
  checkEvidenceExpiry(ctx.tenant.id, now);
  const requiredOnly = new URL(request.url).searchParams.get("required") === "1";
  const report = frameworkReport(ctx.tenant.id, params.framework ?? "", { requiredOnly }, now);
  if (!report) throw notFound();
  return { ctx, report, requiredOnly };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { report } = await reportLoader(request, params);
  const name = `${report.adoption.framework.key}${report.adoption.baseline ? `-${report.adoption.baseline}` : ""}-${report.generatedOn}.csv`;
  return new Response(reportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

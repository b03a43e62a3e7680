/** /compliance-monitoring/:framework/report: the printable report of one framework. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FrameworkReport } from "~/modules/compliance/components/framework-report";
import { requireAppRoute } from "~/modules/tenants";
import { checkEvidenceExpiry } from "~/modules/compliance/compliance.server";
import { type RequirementStatus } from "~/modules/compliance/frameworks";
import { frameworkReport } from "~/modules/compliance/report.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.framework.label} report · Rampart` : "Compliance report · Rampart" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

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
  const { ctx, report, requiredOnly } = await reportLoader(request, params);
  return {
    tenantName: ctx.tenant.displayName,
    framework: {
      key: report.adoption.framework.key,
      label: report.adoption.label,
      source: report.adoption.framework.source,
      requiredFilter: report.adoption.framework.requiredFilter,
    },
    requiredOnly,
    generatedOn: report.generatedOn,
    score: report.score,
    rows: report.rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.requirement ?? r.kind,
      status: r.status as RequirementStatus,
      justification: r.justification,
      ownerEmail: r.ownerEmail,
      evidence: r.evidence,
      automatic: r.automatic.map((a) => `${a.label}: ${a.summary}`),
      updatedOn: r.updatedAt ? new Date(r.updatedAt).toISOString() : null,
    })),
  };
}

export default function Report() {
  return <FrameworkReport {...useLoaderData<typeof loader>()} />;
}

/** GET /incident-response/:id/markdown — the case report as Markdown, with what the reader's role may see. */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAppRoute } from "~/modules/tenants";
import { notFound } from "~/lib/http.server";
import { getCase } from "~/modules/incidents/cases.server";
import { caseMarkdown } from "~/modules/incidents/report.server";

const PATH = "/incident-response";

/** GET /incident-response/:id/markdown — the case report as Markdown, filtered by the reader's role. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await requireAppRoute(request, PATH);
  const c = getCase(ctx.tenant.id, id);
  if (!c) throw notFound();
  return new Response(caseMarkdown(ctx.tenant.id, c, ctx.tenant.role), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${c.reference}.md"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * /training-management/templates/:id: a template's preview (training.manage). The HTML is sanitised on the server
 * and shown in a sandboxed iframe (no scripts, no same origin), filled with sample values.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ModulePage } from "~/components/module-page";
import { notFound } from "~/lib/http.server";
import { requireAppRoute, requirePermission } from "~/modules/tenants";
import { PREVIEW_VARIABLES, renderTemplate } from "~/modules/training/templates";
import { getTemplate, previewHtml } from "~/modules/training/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Template preview · Training Management · Rampart" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, "/training-management");
  requirePermission(request, ctx, ["training", "manage"]);
  const t = getTemplate(ctx.tenant.id, params.id ?? "");
  if (!t) throw notFound();
  return {
    name: t.name,
    language: t.language,
    subject: renderTemplate(t.subject, PREVIEW_VARIABLES, "text"),
    html: previewHtml(t.html),
    text: renderTemplate(t.text, PREVIEW_VARIABLES, "text"),
  };
}

export default function TemplatePreview() {
  const t = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/training-management">
      <div className="space-y-4">
        <p>
          <Link to="/training-management" className="link">
            Back to training
          </Link>
        </p>
        <section className="card" aria-labelledby="t-heading">
          <h2 id="t-heading" className="text-lg font-semibold">
            {t.name} ({t.language})
          </h2>
          <p className="mt-1 text-sm">
            Subject: <strong>{t.subject}</strong>
          </p>
          {t.html ? (
            <iframe
              title="HTML preview"
              sandbox=""
              srcDoc={t.html}
              className="mt-3 h-80 w-full rounded border bg-white"
            />
          ) : null}
          <h3 className="mt-3 font-semibold">Text part</h3>
          <pre className="mt-1 whitespace-pre-wrap text-sm">{t.text}</pre>
        </section>
      </div>
    </ModulePage>
  );
}

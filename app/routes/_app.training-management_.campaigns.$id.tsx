/** /training-management/campaigns/:id: one simulation's funnel, departments, people and timeline (training.manage). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ModulePage } from "~/components/module-page";
import { notFound } from "~/lib/http.server";
import { requireAppRoute, requirePermission } from "~/modules/tenants";
import { campaignResults } from "~/modules/training/index.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const PATH = "/training-management";

export const meta: MetaFunction = () => [{ title: "Campaign results · Training Management · Rampart" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  requirePermission(request, ctx, ["training", "manage"]);
  const results = campaignResults(ctx.tenant.id, params.id ?? "");
  if (!results) throw notFound();
  return results;
}

const STAGES = ["sent", "opened", "clicked", "submitted", "reported"] as const;

export default function CampaignPage() {
  const intl = useFormat();
  const when = (t: number | null) => (t ? intl.formatDateTime(t) : "");
  const r = useLoaderData<typeof loader>();
  const c = r.campaign;
  return (
    <ModulePage path={PATH}>
      <div className="space-y-6">
        <p>
          <Link to={PATH} className="link">
            All campaigns
          </Link>
        </p>
        <section className="card" aria-labelledby="c-heading">
          <h2 id="c-heading" className="text-lg font-semibold">
            {c.name}
          </h2>
          <p className="text-sm text-ink-muted">
            Template {c.templateName}, from {c.senderName} &lt;{c.senderEmail}&gt;, launch {when(c.launchAt)}
            {c.spreadMinutes ? `, spread over ${c.spreadMinutes} minutes` : ""}.{" "}
            {c.courseTitle ? `People who click or submit are enrolled in "${c.courseTitle}".` : "No course enrolment."}
          </p>
          <p className="text-sm" data-testid="campaign-status">
            Status: {c.status === "scheduled" ? "scheduled" : c.status === "sending" ? "sending" : "all sent"}
            {c.lastError ? `. ${c.lastError}` : ""}
          </p>
          <a href={`${PATH}/campaigns/${c.id}.csv`} className="link text-sm">
            Download results (CSV)
          </a>
        </section>
        <section className="card" aria-labelledby="funnel-heading">
          <h2 id="funnel-heading" className="text-lg font-semibold">
            Funnel
          </h2>
          <dl className="mt-2 grid grid-cols-5 gap-2 text-center" data-testid="funnel">
            {STAGES.map((s) => (
              <div key={s} data-testid={`funnel-${s}`}>
                <dt className="text-sm text-ink-muted">{s[0].toUpperCase() + s.slice(1)}</dt>
                <dd className="text-2xl font-bold">{r.funnel[s]}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-sm text-ink-muted">
            Of {r.funnel.recipients} recipients. Reporting is the outcome we want.
          </p>
        </section>
        <section className="card" aria-labelledby="dept-heading">
          <h2 id="dept-heading" className="text-lg font-semibold">
            By department
          </h2>
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Department</th>
                {STAGES.map((s) => (
                  <th key={s}>{s}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.byDepartment.map((d) => (
                <tr key={d.department}>
                  <td>{d.department}</td>
                  {STAGES.map((s) => (
                    <td key={s}>{d.funnel[s]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="card" aria-labelledby="people-heading">
          <h2 id="people-heading" className="text-lg font-semibold">
            People
          </h2>
          <table className="mt-2 w-full text-sm" data-testid="people">
            <thead>
              <tr className="text-left">
                <th>Person</th>
                <th>Department</th>
                <th>Furthest step</th>
                <th>Reported</th>
              </tr>
            </thead>
            <tbody>
              {r.people.map((p) => (
                <tr key={p.email}>
                  <td>
                    {p.email}
                    {p.name ? ` (${p.name})` : ""}
                  </td>
                  <td>{p.department}</td>
                  <td>
                    {p.stage}
                    {p.sendError ? `: ${p.sendError}` : ""}
                  </td>
                  <td>{p.reportedAt ? when(p.reportedAt) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="card" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="text-lg font-semibold">
            Timeline
          </h2>
          {r.timeline.length ? (
            <ol className="mt-2 space-y-1 text-sm">
              {r.timeline.map((e, i) => (
                <li key={i}>
                  {when(e.at)}: {e.email} {e.type}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">Nothing has happened yet.</p>
          )}
        </section>
      </div>
    </ModulePage>
  );
}

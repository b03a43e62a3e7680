/**
 * /operator: the operator console (issue 32). Operators only (everyone else gets 404, signed-out visitors the
 * sign-in page); not linked from any customer navigation. Sets plans, lists organizations and accounts, verifies
 * an address on an install without SMTP, shows the job queue, the breach feed, the upgrade requests and the
 * contact form's messages.
 * Every change is audited (app/modules/operator/console.server.ts).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { PLAN_DISPLAY_NAME, type Plan } from "~/lib/plans";
import { clientIp } from "~/lib/request.server";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError } from "~/lib/http.server";
import {
  consoleOverview,
  requireOperator,
  resetTwoFactorFromConsole,
  setPlanFromConsole,
  verifyEmailFromConsole,
} from "~/modules/operator";
import { breachFeedStatus } from "~/modules/breach/hibp.server";
import { useFormat } from "~/lib/format-context";

export const meta: MetaFunction = () => [
  { title: "Operator console · Rampart" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  return { operator: operator.email, ...consoleOverview(), feed: breachFeedStatus() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  limitWrites(operator.id);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const ip = clientIp(context);
  try {
    if (intent === "set-plan")
      return {
        ok: true as const,
        message: setPlanFromConsole(operator, String(form.get("tenantId") ?? ""), String(form.get("plan") ?? ""), ip),
      };
    if (intent === "reset-two-factor")
      return { ok: true as const, message: resetTwoFactorFromConsole(operator, String(form.get("userId") ?? ""), ip) };
    if (intent === "verify-account-email")
      return { ok: true as const, message: verifyEmailFromConsole(operator, String(form.get("userId") ?? ""), ip) };
  } catch (error) {
    const e = domainFieldError(error);
    return data({ ok: false as const, message: e.message }, { status: e.status });
  }
  return data({ ok: false as const, message: "Unknown action." }, { status: 400 });
}

export default function OperatorConsole() {
  const intl = useFormat();
  const when = (ms: number | null) => (ms ? intl.formatDateTime(ms) : "—");
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  return (
    <div className="min-h-screen bg-surface-muted">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <p className="text-sm text-ink-muted">
          Rampart operator console · signed in as {d.operator} ·{" "}
          <a href="/dashboard" className="text-brand underline">
            Back to the app
          </a>
        </p>
      </header>
      <main id="main" className="mx-auto max-w-6xl space-y-6 p-4">
        <h1 className="text-2xl font-bold">Operator console</h1>
        <div aria-live="polite">
          {result ? (
            <p
              role={result.ok ? "status" : "alert"}
              className={result.ok ? "card border-ok/40 text-ok" : "card field-error"}
              data-testid="console-result"
            >
              {result.message}
            </p>
          ) : null}
        </div>

        <section aria-labelledby="orgs-heading" className="card overflow-x-auto p-0">
          <h2 id="orgs-heading" className="p-4 text-lg font-semibold">
            Organizations ({d.organizations.length})
          </h2>
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
              <tr>
                <th className="p-3">Organization</th>
                <th className="p-3">Members</th>
                <th className="p-3">Effective plan</th>
                <th className="p-3">Trial</th>
                <th className="p-3">Plan</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.organizations.map((o) => (
                <tr key={o.id} data-testid="console-org">
                  <td className="p-3">
                    {o.name}
                    <span className="block font-mono text-xs text-ink-muted">{o.id}</span>
                  </td>
                  <td className="p-3 tabular-nums">{o.members}</td>
                  <td className="p-3">{PLAN_DISPLAY_NAME[o.effectivePlan]}</td>
                  <td className="p-3">{o.trial}</td>
                  <td className="p-3">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="set-plan" />
                      <input type="hidden" name="tenantId" value={o.id} />
                      <label className="sr-only" htmlFor={`plan-${o.id}`}>
                        Plan of {o.name}
                      </label>
                      <select id={`plan-${o.id}`} name="plan" defaultValue={o.plan} className="input py-1">
                        {d.plans.map((p) => (
                          <option key={p} value={p}>
                            {PLAN_DISPLAY_NAME[p as Plan]}
                          </option>
                        ))}
                      </select>
                      <button
                        type="submit"
                        className="btn-secondary px-2 py-1"
                        aria-label={`Set the plan of ${o.name}`}
                      >
                        Set plan
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="requests-heading" className="card">
          <h2 id="requests-heading" className="text-lg font-semibold">
            Upgrade requests
          </h2>
          {d.upgradeRequests.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">No organization has asked for a plan yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {d.upgradeRequests.map((r) => (
                <li key={r.id} className="py-2" data-testid="upgrade-request">
                  <strong>{r.organization}</strong> ({PLAN_DISPLAY_NAME[r.currentPlan as Plan]}) asks for{" "}
                  {PLAN_DISPLAY_NAME[r.plan as Plan]}
                  {r.feature ? ` (from the ${r.feature} upgrade wall)` : ""}, by {r.email ?? "a deleted account"},{" "}
                  {when(r.createdAt)} · {r.status}
                  {r.message ? <span className="block text-ink-muted">“{r.message}”</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="messages-heading" className="card">
          <h2 id="messages-heading" className="text-lg font-semibold">
            Contact messages
          </h2>
          {d.contactMessages.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">Nobody has written through the contact form yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {d.contactMessages.map((m) => (
                <li key={m.id} className="py-2" data-testid="contact-message">
                  <strong>{m.name}</strong> &lt;{m.email}&gt;, {when(m.createdAt)}
                  <span className="block whitespace-pre-wrap break-words text-ink-muted">{m.message}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="accounts-heading" className="card overflow-x-auto p-0">
          <h2 id="accounts-heading" className="p-4 text-lg font-semibold">
            Accounts ({d.accounts.length})
          </h2>
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
              <tr>
                <th className="p-3">E-mail</th>
                <th className="p-3">Organizations</th>
                <th className="p-3">Created</th>
                <th className="p-3">Address</th>
                <th className="p-3">Two-factor</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.accounts.map((a) => (
                <tr key={a.id} data-testid="console-account">
                  <td className="p-3">
                    {a.email}
                    {a.isOperator ? <span className="ml-2 text-xs text-ink-muted">operator</span> : null}
                  </td>
                  <td className="p-3 tabular-nums">{a.organizations}</td>
                  <td className="p-3">{when(a.createdAt)}</td>
                  <td className="p-3">
                    {a.verifiedAt ? (
                      "Verified"
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="verify-account-email" />
                        <input type="hidden" name="userId" value={a.id} />
                        <button
                          type="submit"
                          className="btn-secondary px-2 py-1"
                          aria-label={`Mark ${a.email} verified`}
                        >
                          Mark verified
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className="p-3">
                    {a.twoFactor ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="reset-two-factor" />
                        <input type="hidden" name="userId" value={a.id} />
                        <button
                          type="submit"
                          className="btn-secondary px-2 py-1"
                          aria-label={`Reset two-factor sign-in of ${a.email}`}
                        >
                          Reset
                        </button>
                      </Form>
                    ) : (
                      "Off"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="jobs-heading" className="card overflow-x-auto p-0">
          <h2 id="jobs-heading" className="p-4 text-lg font-semibold">
            Background jobs
          </h2>
          {d.jobs.length === 0 ? (
            <p className="px-4 pb-4 text-sm text-ink-muted">No job has been queued yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
                <tr>
                  <th className="p-3">Kind</th>
                  <th className="p-3">Queued</th>
                  <th className="p-3">Running</th>
                  <th className="p-3">Failed</th>
                  <th className="p-3">Next run</th>
                  <th className="p-3">Latest error</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.jobs.map((j) => (
                  <tr key={j.kind} data-testid="console-job">
                    <td className="p-3 font-mono text-xs">{j.kind}</td>
                    <td className="p-3 tabular-nums">{j.queued}</td>
                    <td className="p-3 tabular-nums">{j.running}</td>
                    <td className="p-3 tabular-nums">{j.failed}</td>
                    <td className="p-3">{when(j.nextRunAt)}</td>
                    <td className="p-3 text-ink-muted">{j.lastError ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        {/* The intelligence feeds' status (issue 30): every feed on /admin/feeds, as JSON on /admin/feeds.json. */}
        <section aria-labelledby="feeds-heading" className="card" id="feeds">
          <h2 id="feeds-heading" className="text-lg font-semibold">
            Feeds
          </h2>
          <p className="mt-2 text-sm">
            Breach data: {d.feed.source}. Last synced: {when(d.feed.lastSyncAt)}
            {d.feed.lastError ? `; the last attempt failed: ${d.feed.lastError}` : ""}.
          </p>
          <p className="mt-2 text-sm">
            <a href="/admin/feeds" className="text-brand underline" data-testid="feeds-link">
              Every intelligence feed
            </a>{" "}
            (OSV, CISA KEV, FIRST EPSS, Pwned Passwords, Have I Been Pwned): last success, records, next run, last
            error. As JSON:{" "}
            <a href="/admin/feeds.json" className="text-brand underline">
              /admin/feeds.json
            </a>
            .
          </p>
        </section>
      </main>
    </div>
  );
}

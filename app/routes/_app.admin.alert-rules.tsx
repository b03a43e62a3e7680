import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { limitWrites } from "~/lib/api.server";
import { readForm } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import {
  SEVERITIES,
  alertSources,
  createMaintenanceWindow,
  createRule,
  deleteMaintenanceWindow,
  deleteRule,
  listChannels,
  listMaintenanceWindows,
  listPolicies,
  listRules,
  moveRule,
  testRule,
} from "~/modules/alerts";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Alert rules · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  const channels = listChannels(ctx.tenant.id).map((c) => ({ id: c.id, name: c.name }));
  const policies = listPolicies(ctx.tenant.id).map((p) => ({ id: p.id, name: p.name }));
  const name = (list: { id: string; name: string }[], id: string | null) => list.find((x) => x.id === id)?.name ?? null;
  return {
    channels,
    policies,
    sources: [
      ...new Set(["breach", "phishing", "vulnerability", "privacy", "dark-web", ...alertSources(ctx.tenant.id)]),
    ],
    rules: listRules(ctx.tenant.id).map((r) => ({
      id: r.id,
      name: r.name,
      matchSource: r.matchSource,
      minSeverity: r.minSeverity,
      matchText: r.matchText,
      mode: r.mode,
      channels: r.channelIds.map((id) => name(channels, id)).filter(Boolean) as string[],
      policy: name(policies, r.escalationPolicyId),
      wouldMatch: testRule(ctx.tenant.id, r),
    })),
    windows: listMaintenanceWindows(ctx.tenant.id).map((w) => ({
      id: w.id,
      startsAt: new Date(w.startsAt).toISOString(),
      endsAt: new Date(w.endsAt).toISOString(),
      source: w.source,
      reason: w.reason,
    })),
  };
}

const RuleForm = z.object({
  name: z.string().trim().min(1, "Give the rule a name").max(100, "Up to 100 characters"),
  matchSource: z.string().trim().max(60).optional(),
  minSeverity: z.enum(["low", "medium", "high", "critical"], { error: "Choose a severity" }),
  matchText: z.string().trim().max(200, "Up to 200 characters").optional(),
  mode: z.enum(["first", "all"]),
  channelIds: z.array(z.string().max(100)).max(20),
  escalationPolicyId: z.string().max(100).optional(),
});

const WindowForm = z
  .object({
    startsAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "Enter a start date and time"),
    endsAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "Enter an end date and time"),
    source: z.string().trim().max(60).optional(),
    reason: z.string().trim().max(300).optional(),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    path: ["endsAt"],
    message: "The end must be after the start",
  });

type Result = {
  errors?: Record<string, string>;
  form?: "rule" | "window";
  test?: { matched: number; of: number; titles: string[] };
  message?: string;
};

function fieldErrors(issues: z.core.$ZodIssue[]) {
  const errors: Record<string, string> = {};
  for (const i of issues) errors[String(i.path[0] ?? "form")] ??= i.message;
  return errors;
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "").slice(0, 100);
  if (intent === "delete") {
    if (!deleteRule(ctx.tenant.id, id)) throw new Response("Not Found", { status: 404 });
    return { message: "Rule deleted." } satisfies Result;
  }
  if (intent === "up" || intent === "down") {
    moveRule(ctx.tenant.id, id, intent === "up" ? -1 : 1);
    return { message: "Order changed." } satisfies Result;
  }
  if (intent === "delete-window") {
    if (!deleteMaintenanceWindow(ctx.tenant.id, id)) throw new Response("Not Found", { status: 404 });
    return { message: "Maintenance window deleted." } satisfies Result;
  }
  if (intent === "window") {
    const parsed = WindowForm.safeParse({
      startsAt: form.get("startsAt") ?? "",
      endsAt: form.get("endsAt") ?? "",
      source: form.get("source") || undefined,
      reason: form.get("reason") || undefined,
    });
    if (!parsed.success)
      return data({ form: "window", errors: fieldErrors(parsed.error.issues) } satisfies Result, { status: 400 });
    // datetime-local has no zone: it is read as UTC (the page says so).
    const asUtc = (s: string) => Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
    createMaintenanceWindow(
      ctx.tenant.id,
      {
        startsAt: asUtc(parsed.data.startsAt),
        endsAt: asUtc(parsed.data.endsAt),
        source: parsed.data.source,
        reason: parsed.data.reason,
      },
      ctx.user.id,
    );
    return { message: "Maintenance window added." } satisfies Result;
  }
  const parsed = RuleForm.safeParse({
    name: form.get("name") ?? "",
    matchSource: form.get("matchSource") || undefined,
    minSeverity: form.get("minSeverity") ?? undefined,
    matchText: form.get("matchText") || undefined,
    mode: form.get("mode") === "all" ? "all" : "first",
    channelIds: form.getAll("channelIds").map(String),
    escalationPolicyId: form.get("escalationPolicyId") || undefined,
  });
  if (!parsed.success)
    return data({ form: "rule", errors: fieldErrors(parsed.error.issues) } satisfies Result, { status: 400 });
  const rule = {
    name: parsed.data.name,
    matchSource: parsed.data.matchSource ?? null,
    minSeverity: parsed.data.minSeverity,
    matchText: parsed.data.matchText ?? null,
    mode: parsed.data.mode,
    channelIds: parsed.data.channelIds.filter((c) => listChannels(ctx.tenant.id).some((x) => x.id === c)),
    escalationPolicyId: listPolicies(ctx.tenant.id).some((p) => p.id === parsed.data.escalationPolicyId)
      ? parsed.data.escalationPolicyId!
      : null,
  };
  if (intent === "test") return { form: "rule", test: testRule(ctx.tenant.id, rule) } satisfies Result;
  if (rule.channelIds.length === 0 && !rule.escalationPolicyId)
    return data(
      { form: "rule", errors: { channelIds: "Route the rule to a channel or an escalation policy" } } satisfies Result,
      {
        status: 400,
      },
    );
  createRule(ctx.tenant.id, rule);
  return { message: `Rule "${rule.name}" added.` } satisfies Result;
}

export default function AlertRules() {
  const intl = useFormat();
  const d = useLoaderData<typeof loader>();
  const r = useActionResult<typeof action>() as Result | undefined;
  const ruleErrors = r?.form === "rule" ? (r.errors ?? {}) : {};
  const windowErrors = r?.form === "window" ? (r.errors ?? {}) : {};
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Alert rules</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Which alerts notify whom. Rules are tried in order; a &quot;first match&quot; rule stops the search, an
        &quot;all matches&quot; rule lets later rules add their channels too. Repeats of an open alert raise its counter
        and notify nobody again.
      </p>
      {r?.message ? (
        <p role="status" className="card mt-4 text-sm">
          {r.message}
        </p>
      ) : null}

      <section aria-labelledby="rules" className="mt-4">
        <h2 id="rules" className="text-lg font-semibold">
          Rules
        </h2>
        {d.rules.length === 0 ? (
          <p className="card mt-2 text-sm text-ink-muted">
            No rule yet: alerts show on the dashboard and in Security Alerts only.
          </p>
        ) : (
          <ol className="mt-2 space-y-2">
            {d.rules.map((rule, i) => (
              <li key={rule.id} className="card flex flex-wrap items-center gap-2 text-sm" data-testid="rule">
                <span className="font-semibold">
                  {i + 1}. {rule.name}
                </span>
                <span>
                  {rule.matchSource ? `source ${rule.matchSource}` : "any source"}, severity{" "}
                  <SeverityBadge level={rule.minSeverity} /> or above
                  {rule.matchText ? `, text “${rule.matchText}”` : ""}
                </span>
                <span>
                  →{" "}
                  {[...rule.channels, ...(rule.policy ? [`escalation “${rule.policy}”`] : [])].join(", ") || "nothing"}
                </span>
                <StatusBadge>{rule.mode === "first" ? "first match" : "all matches"}</StatusBadge>
                <span className="text-xs text-ink-muted">
                  Would have matched {rule.wouldMatch.matched} of the last {rule.wouldMatch.of} alerts
                </span>
                <span className="ml-auto flex gap-1">
                  {(["up", "down", "delete"] as const).map((intent) => (
                    <Form method="post" key={intent}>
                      <input type="hidden" name="id" value={rule.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={intent}
                        className="btn-secondary py-1"
                        aria-label={`${intent === "delete" ? "Delete" : `Move ${intent}`} ${rule.name}`}
                      >
                        {intent === "delete" ? "Delete" : intent === "up" ? "Up" : "Down"}
                      </button>
                    </Form>
                  ))}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="new-rule" className="card mt-6">
        <h2 id="new-rule" className="text-lg font-semibold">
          Add a rule
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <FormField id="rule-name" name="name" label="Name" required maxLength={100} error={ruleErrors.name} />
          <div>
            <label htmlFor="rule-source" className="label">
              Source
            </label>
            <select id="rule-source" name="matchSource" className="input">
              <option value="">Any source</option>
              {d.sources.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="rule-severity" className="label">
              Severity at or above
            </label>
            <select id="rule-severity" name="minSeverity" className="input" defaultValue="low">
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <FormField
            id="rule-text"
            name="matchText"
            label="Text contains"
            maxLength={200}
            hint="Matched case-insensitively in the title and detail. Leave empty for any."
            error={ruleErrors.matchText}
          />
          <fieldset aria-describedby={ruleErrors.channelIds ? "rule-channels-error" : undefined}>
            <legend className="label">Notify channels</legend>
            {d.channels.length === 0 ? (
              <p className="text-xs text-ink-muted">No channel yet (Notification channels).</p>
            ) : null}
            {d.channels.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="channelIds" value={c.id} /> {c.name}
              </label>
            ))}
            {ruleErrors.channelIds ? (
              <p id="rule-channels-error" className="field-error" role="alert">
                {ruleErrors.channelIds}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor="rule-policy" className="label">
              Escalation policy
            </label>
            <select id="rule-policy" name="escalationPolicyId" className="input">
              <option value="">None</option>
              {d.policies.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="label">When it matches</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value="first" defaultChecked /> Stop here (first match)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value="all" /> Keep trying later rules (all matches)
            </label>
          </fieldset>
          <div className="flex flex-wrap items-end gap-2">
            <button type="submit" name="intent" value="create" className="btn-primary">
              Add rule
            </button>
            <button type="submit" name="intent" value="test" className="btn-secondary">
              Test against the last 50 alerts
            </button>
          </div>
        </Form>
        {r?.test ? (
          <div role="status" className="mt-3 text-sm" data-testid="rule-test">
            <p className="font-semibold">
              Would have matched {r.test.matched} of the last {r.test.of} alerts
            </p>
            {r.test.titles.length ? (
              <ul className="mt-1 list-disc pl-5 text-xs">
                {r.test.titles.map((t, i) => (
                  <li key={i}>{t}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="maintenance" className="card mt-6">
        <h2 id="maintenance" className="text-lg font-semibold">
          Maintenance windows
        </h2>
        <p className="text-sm text-ink-muted">
          Alerts raised inside a window are recorded but notify nobody. Times are UTC.
        </p>
        {d.windows.length ? (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {d.windows.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-2 py-2">
                <span>
                  <time dateTime={w.startsAt}>{intl.formatDateTime(w.startsAt)}</time> –{" "}
                  <time dateTime={w.endsAt}>{intl.formatDateTime(w.endsAt)}</time>
                </span>
                <span>{w.source ? `source ${w.source}` : "all sources"}</span>
                {w.reason ? <span className="text-ink-muted">{w.reason}</span> : null}
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="id" value={w.id} />
                  <button type="submit" name="intent" value="delete-window" className="btn-secondary py-1">
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="window" />
          <FormField
            id="window-start"
            name="startsAt"
            type="datetime-local"
            label="Starts (UTC)"
            required
            error={windowErrors.startsAt}
          />
          <FormField
            id="window-end"
            name="endsAt"
            type="datetime-local"
            label="Ends (UTC)"
            required
            error={windowErrors.endsAt}
          />
          <FormField id="window-source" name="source" label="Only this source (optional)" maxLength={60} />
          <FormField id="window-reason" name="reason" label="Reason" maxLength={300} />
          <div>
            <button type="submit" className="btn-secondary">
              Add maintenance window
            </button>
          </div>
        </Form>
      </section>
    </main>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { forbidden, readForm } from "~/lib/http.server";
import {
  canDetection,
  DETECTION_PERMISSION_MESSAGE,
  describeRuleError,
  loadSigmaRule,
  SigmaRuleError,
} from "~/modules/detection";
import { retroHunt } from "~/modules/detection/detect.server";
import { listHunts, saveHunt } from "~/modules/detection/library.server";
import { createRule, getRule, listRules } from "~/modules/detection/rules.server";
import { hunt } from "~/modules/threat-hunting/hunt.server";
import { MAX_QUERY_LENGTH, normaliseIndicator } from "~/modules/threat-hunting/indicator";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Threat Hunting · Rampart" }];

/** Indicator search over findings, Sigma retro-hunts over stored events, and saved hunts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/threat-hunting");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const tenantId = access.ctx.tenant.id;
  const q = normaliseIndicator(new URL(request.url).searchParams.get("q"));
  return {
    q,
    results: q ? hunt(tenantId, q) : null,
    library: listRules(tenantId).map((r) => ({ id: r.id, title: r.title })),
    hunts: listHunts(tenantId),
    canManage: canDetection(access.ctx.tenant.role, "manageRules"),
  };
}

const DAY_MS = 86_400_000;
const MAX_SHOWN = 200;

type ActionData =
  | {
      intent: "sigma";
      yaml: string;
      title?: string;
      error?: string;
      days?: number;
      scanned?: number;
      matches?: { eventId: string; time: string }[];
      total?: number;
    }
  | { intent: "saved" | "promoted"; message: string; error?: undefined };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/threat-hunting");
  if (!canDetection(ctx.tenant.role, "hunt")) throw forbidden(DETECTION_PERMISSION_MESSAGE.hunt);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "sigma");
  const tenantId = ctx.tenant.id;
  let yaml = String(form.get("yaml") ?? "");
  const libraryId = String(form.get("ruleId") ?? "");
  if (!yaml.trim() && libraryId) yaml = getRule(tenantId, libraryId)?.yaml ?? "";
  const days = Math.min(365, Math.max(1, Number(form.get("days")) || 30));
  let rule;
  try {
    rule = loadSigmaRule(yaml);
  } catch (e) {
    if (!(e instanceof SigmaRuleError)) throw e;
    return Response.json({ intent: "sigma", yaml, days, error: describeRuleError(e) } satisfies ActionData, {
      status: 400,
    });
  }
  if (intent === "promote") {
    if (!canDetection(ctx.tenant.role, "manageRules")) throw forbidden(DETECTION_PERMISSION_MESSAGE.manageRules);
    createRule(tenantId, yaml, rule, ctx.user.id);
    return Response.json({
      intent: "promoted",
      message: `“${rule.title}” is now a detection rule: it runs on every new event.`,
    } satisfies ActionData);
  }
  const now = Date.now();
  const result = await retroHunt(tenantId, rule, { from: now - days * DAY_MS, to: now + DAY_MS });
  if (intent === "save") {
    const name =
      String(form.get("name") ?? "")
        .trim()
        .slice(0, 200) || rule.title;
    saveHunt(tenantId, ctx.user.id, { name, kind: "sigma", query: yaml, resultsCount: result.matches.length });
    return Response.json({
      intent: "saved",
      message: `Hunt “${name}” saved with ${result.matches.length} matching events.`,
    } satisfies ActionData);
  }
  return Response.json({
    intent: "sigma",
    yaml,
    title: rule.title,
    days,
    scanned: result.scanned,
    total: result.matches.length,
    matches: result.matches.slice(-MAX_SHOWN).reverse(),
  } satisfies ActionData);
}

export default function ThreatHunting() {
  const { q, results, library, hunts, canManage } = useLoaderData<typeof loader>();
  const data = useActionResult<ActionData>();
  const busy = useNavigation().state === "submitting";
  const sigma = data && data.intent === "sigma" ? data : null;
  return (
    <ModulePage path="/threat-hunting">
      <section aria-labelledby="sigma-h" className="space-y-3">
        <h2 id="sigma-h" className="text-lg font-semibold">
          Retro-hunt with a Sigma rule
        </h2>
        <Form method="post" className="card space-y-3">
          <div>
            <label htmlFor="yaml" className="label">
              Sigma rule (YAML)
            </label>
            <textarea
              id="yaml"
              name="yaml"
              rows={10}
              className="input font-mono text-xs"
              spellCheck={false}
              defaultValue={sigma?.yaml ?? ""}
              aria-invalid={sigma?.error ? true : undefined}
              aria-describedby={sigma?.error ? "yaml-error" : undefined}
            />
            {sigma?.error ? (
              <p id="yaml-error" className="mt-1 text-sm text-danger" role="alert">
                {sigma.error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            {library.length ? (
              <div>
                <label htmlFor="ruleId" className="label">
                  Or a rule from the library
                </label>
                <select id="ruleId" name="ruleId" className="input" defaultValue="">
                  <option value="">—</option>
                  {library.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.title}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div>
              <label htmlFor="days" className="label">
                Over the last (days)
              </label>
              <input
                id="days"
                name="days"
                type="number"
                min={1}
                max={365}
                defaultValue={sigma?.days ?? 30}
                className="input w-24"
              />
            </div>
            <div>
              <label htmlFor="name" className="label">
                Hunt name (to save)
              </label>
              <input id="name" name="name" maxLength={200} className="input" />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="sigma" className="btn-primary" disabled={busy}>
              {busy ? "Hunting…" : "Run hunt"}
            </button>
            <button type="submit" name="intent" value="save" className="btn-secondary" disabled={busy}>
              Run and save hunt
            </button>
            {canManage ? (
              <button type="submit" name="intent" value="promote" className="btn-secondary" disabled={busy}>
                Turn into a detection rule
              </button>
            ) : null}
          </div>
        </Form>
        {data && data.intent !== "sigma" ? (
          <p className="card text-sm" role="status">
            {data.message}
          </p>
        ) : null}
        {sigma && !sigma.error ? (
          <div className="card text-sm" role="status" data-testid="hunt-result">
            <p>
              “{sigma.title}”: {sigma.total} matching event{sigma.total === 1 ? "" : "s"} of {sigma.scanned} scanned
              over the last {sigma.days} days.
            </p>
            {sigma.matches?.length ? (
              <table className="mt-2 w-full text-left text-xs">
                <caption className="sr-only">Matching events, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col" className="p-1">
                      Event time
                    </th>
                    <th scope="col" className="p-1">
                      Event id
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sigma.matches.map((m) => (
                    <tr key={m.eventId}>
                      <td className="p-1">
                        <time dateTime={m.time}>{m.time.replace("T", " ").slice(0, 19)}</time>
                      </td>
                      <td className="p-1 font-mono">{m.eventId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        ) : null}
        {hunts.length ? (
          <div>
            <h3 className="mt-4 font-semibold">Saved hunts</h3>
            <ul className="card mt-2 divide-y divide-slate-100 p-0 text-sm">
              {hunts.map((h) => (
                <li key={h.id} className="flex flex-wrap items-center gap-3 p-3">
                  <span className="flex-1">{h.name}</span>
                  <span className="text-xs text-ink-muted">
                    {h.resultsCount} result{h.resultsCount === 1 ? "" : "s"}
                  </span>
                  <time className="text-xs text-ink-muted" dateTime={h.createdAt}>
                    {h.createdAt.slice(0, 10)}
                  </time>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="indicator-h" className="mt-8 space-y-3">
        <h2 id="indicator-h" className="text-lg font-semibold">
          Search findings for an indicator
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <div className="min-w-64 flex-1">
            <label htmlFor="q" className="label">
              Indicator
            </label>
            <input
              id="q"
              name="q"
              type="search"
              maxLength={MAX_QUERY_LENGTH}
              defaultValue={q}
              className="input"
              placeholder="a domain, an address or a word"
            />
          </div>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
        <div>
          {results === null ? (
            <EmptyState title="Start a hunt">
              Search for an indicator of compromise across your alerts and analysed messages.
            </EmptyState>
          ) : results.length === 0 ? (
            <EmptyState title="No matches">Nothing in your stored alerts or messages matches “{q}”.</EmptyState>
          ) : (
            <ul className="card divide-y divide-slate-100 p-0">
              {results.map((r) => (
                <li key={`${r.kind}-${r.id}`} className="flex items-center gap-3 p-3 text-sm">
                  <span className="w-16 text-xs text-ink-muted">{r.kind}</span>
                  <SeverityBadge level={r.level} />
                  <span className="flex-1">{r.title}</span>
                  <time className="text-xs text-ink-muted" dateTime={r.at}>
                    {r.at.slice(0, 10)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </ModulePage>
  );
}

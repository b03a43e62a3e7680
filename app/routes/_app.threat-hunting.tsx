import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { forbidden, readForm, domainFieldError } from "~/lib/http.server";
import {
  DETECTION_PERMISSION_MESSAGE,
  describeRuleError,
  loadSigmaRule,
  SigmaRuleError,
  sigmaFromQuery,
  type SigmaRule,
} from "~/modules/detection";
import { MAX_EVENT_QUERY_LENGTH, searchEvents } from "~/modules/events";
import { audit } from "~/modules/audit";
import { clientIp } from "~/lib/request.server";
import { retroHunt, retroHuntCorrelation } from "~/modules/detection/detect.server";
import { listHunts, saveHunt } from "~/modules/detection/library.server";
import { createRule, getRule, listRules, loadSigmaForTenant } from "~/modules/detection/rules.server";
import { hunt, HuntQueryError } from "~/modules/threat-hunting/hunt.server";
import { MAX_QUERY_LENGTH, normaliseIndicator } from "~/modules/threat-hunting/indicator";
import { useFormat } from "~/lib/format-context";

/** The indicator search's hits, or the refusal of the query as the field's error. */
function indicatorSearch(tenantId: string, q: string) {
  try {
    return { result: hunt(tenantId, q), error: null };
  } catch (e) {
    if (!(e instanceof HuntQueryError)) throw e;
    return { result: null, error: e.message };
  }
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Threat Hunting · Rampart" }];

const DAY_MS = 86_400_000;
const MAX_SHOWN = 200;
const EVENTS_SHOWN = 50;

const daysFrom = (v: unknown) => Math.min(365, Math.max(1, Math.floor(Number(v)) || 30));

/** The /logs query language over the tenant's stored events in the last `days` days. */
function eventSearch(tenantId: string, query: string, days: number) {
  const now = Date.now();
  try {
    const r = searchEvents({
      tenantId,
      query,
      from: now - days * DAY_MS,
      to: now + 60_000,
      pageSize: EVENTS_SHOWN,
    });
    return {
      total: r.total,
      error: null,
      events: r.events.map((e) => ({
        id: e.id,
        time: new Date(e.time).toISOString(),
        host: e.host,
        source: e.source,
        message: (e.message ?? JSON.stringify(e.fields)).slice(0, 300),
      })),
    };
  } catch (e) {
    return { total: 0, error: domainFieldError(e).message, events: [] };
  }
}

/** Indicator search over findings, event search and Sigma retro-hunts over stored events, and saved hunts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/threat-hunting");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const tenantId = access.ctx.tenant.id;
  const params = new URL(request.url).searchParams;
  const rawQ = normaliseIndicator(params.get("q"));
  const indicator = rawQ ? indicatorSearch(tenantId, rawQ) : null;
  // A refused query is not echoed back whole into the field (it may be kilobytes long).
  const q = indicator?.error ? rawQ.slice(0, MAX_QUERY_LENGTH) : rawQ;
  const query = (params.get("query") ?? "").slice(0, MAX_EVENT_QUERY_LENGTH);
  const days = daysFrom(params.get("days"));
  return {
    q,
    query,
    days,
    events: params.has("query") ? eventSearch(tenantId, query, days) : null,
    results: indicator?.result?.hits ?? null,
    indicatorError: indicator?.error ?? null,
    library: listRules(tenantId).map((r) => ({ id: r.id, title: r.title })),
    hunts: listHunts(tenantId),
    canManage: can(access.ctx.tenant.role, "detectionRule", "manage"),
  };
}

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
  | { intent: "saved" | "promoted"; message: string; error?: undefined }
  | { intent: "query"; error: string; query: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/threat-hunting");
  if (!can(ctx.tenant.role, "hunt", "run")) throw forbidden(DETECTION_PERMISSION_MESSAGE.hunt);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "sigma");
  const tenantId = ctx.tenant.id;
  if (intent === "save-query" || intent === "promote-query") {
    const query = String(form.get("query") ?? "").slice(0, MAX_EVENT_QUERY_LENGTH);
    const days = daysFrom(form.get("days"));
    const name =
      String(form.get("name") ?? "")
        .trim()
        .slice(0, 200) || `Hunt: ${query.slice(0, 180)}`;
    const refuse = (error: string) =>
      Response.json({ intent: "query", error, query } satisfies ActionData, { status: 400 });
    if (!query.trim()) return refuse("Type a query first");
    const found = eventSearch(tenantId, query, days);
    if (found.error) return refuse(found.error);
    if (intent === "save-query") {
      saveHunt(tenantId, ctx.user.id, { name, kind: "query", query, resultsCount: found.total });
      return Response.json({
        intent: "saved",
        message: `Hunt “${name}” saved with ${found.total} matching event${found.total === 1 ? "" : "s"}.`,
      } satisfies ActionData);
    }
    if (!can(ctx.tenant.role, "detectionRule", "manage")) throw forbidden(DETECTION_PERMISSION_MESSAGE.manageRules);
    let yaml: string;
    try {
      yaml = sigmaFromQuery(query, name);
    } catch (e) {
      return refuse(domainFieldError(e).message);
    }
    const rule = loadSigmaRule(yaml);
    const row = createRule(tenantId, yaml, rule, ctx.user.id);
    audit({
      action: "detection.rule_created",
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { id: row.id, title: row.title, from: "hunt" },
    });
    return Response.json({
      intent: "promoted",
      message: `“${rule.title}” is now a detection rule: it runs on every new event.`,
    } satisfies ActionData);
  }
  let yaml = String(form.get("yaml") ?? "");
  const libraryId = String(form.get("ruleId") ?? "");
  if (!yaml.trim() && libraryId) yaml = getRule(tenantId, libraryId)?.yaml ?? "";
  const days = Math.min(365, Math.max(1, Number(form.get("days")) || 30));
  let rule, correlation;
  try {
    // one rule, or a correlation with the rules it refers to (in the text or stored)
    ({ root: rule, correlation } = loadSigmaForTenant(tenantId, yaml));
  } catch (e) {
    if (!(e instanceof SigmaRuleError)) throw e;
    return Response.json({ intent: "sigma", yaml, days, error: describeRuleError(e) } satisfies ActionData, {
      status: 400,
    });
  }
  if (intent === "promote") {
    if (!can(ctx.tenant.role, "detectionRule", "manage")) throw forbidden(DETECTION_PERMISSION_MESSAGE.manageRules);
    createRule(tenantId, yaml, rule, ctx.user.id);
    return Response.json({
      intent: "promoted",
      message: `“${rule.title}” is now a detection rule: it runs on every new event.`,
    } satisfies ActionData);
  }
  const now = Date.now();
  const range = { from: now - days * DAY_MS, to: now + DAY_MS };
  const result = correlation
    ? await retroHuntCorrelation(tenantId, correlation, range)
    : await retroHunt(tenantId, rule as SigmaRule, range);
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
  const { q, query, days, events, results, indicatorError, library, hunts, canManage } = useLoaderData<typeof loader>();
  const data = useActionResult<ActionData>();
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  const sigma = data && data.intent === "sigma" ? data : null;
  const queryError = data && data.intent === "query" ? data.error : (events?.error ?? null);
  return (
    <ModulePage path="/threat-hunting">
      {data && (data.intent === "saved" || data.intent === "promoted") ? (
        <p className="card mb-4 text-sm" role="status" data-testid="hunt-message">
          {data.message}
        </p>
      ) : null}
      <section aria-labelledby="events-h" className="mb-8 space-y-3">
        <h2 id="events-h" className="text-lg font-semibold">
          Search events
        </h2>
        <p className="text-sm text-ink-muted">
          The{" "}
          <a className="underline" href="/logs">
            Logs
          </a>{" "}
          query language: words, <code>field:value</code> with <code>*</code> and <code>?</code>, AND, OR, NOT and
          parentheses.
        </p>
        <Form method="get" className="card space-y-3" role="search">
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <label htmlFor="query" className="label">
                Event query
              </label>
              <input
                id="query"
                name="query"
                type="search"
                maxLength={MAX_EVENT_QUERY_LENGTH}
                defaultValue={query}
                className="input font-mono text-xs"
                placeholder="Image:*\whoami.exe AND User:*admin*"
                aria-invalid={queryError ? true : undefined}
                aria-describedby={queryError ? "query-error" : undefined}
              />
            </div>
            <div>
              <label htmlFor="query-days" className="label">
                Over the last (days)
              </label>
              <input
                id="query-days"
                name="days"
                type="number"
                min={1}
                max={365}
                defaultValue={days}
                className="input w-24"
              />
            </div>
            <button type="submit" className="btn-primary">
              Search events
            </button>
          </div>
          {queryError ? (
            <p id="query-error" className="field-error" role="alert">
              {queryError}
            </p>
          ) : null}
        </Form>
        {events && !events.error ? (
          <div className="card space-y-3 text-sm" data-testid="event-results">
            <p role="status">
              {events.total} matching event{events.total === 1 ? "" : "s"} over the last {days} days
              {events.total > events.events.length ? ` (newest ${events.events.length} shown)` : ""}.
            </p>
            {events.events.length ? (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-xs">
                  <caption className="sr-only">Matching events, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="p-1">
                        Time
                      </th>
                      <th scope="col" className="p-1">
                        Host
                      </th>
                      <th scope="col" className="p-1">
                        Source
                      </th>
                      <th scope="col" className="p-1">
                        Event
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {events.events.map((e) => (
                      <tr key={e.id}>
                        <td className="whitespace-nowrap p-1">
                          <time dateTime={e.time}>{intl.formatDateTime(e.time, { seconds: true })}</time>
                        </td>
                        <td className="p-1">{e.host ?? "—"}</td>
                        <td className="p-1">{e.source ?? "—"}</td>
                        <td className="break-all p-1 font-mono">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="query" value={query} />
              <input type="hidden" name="days" value={days} />
              <div>
                <label htmlFor="query-name" className="label">
                  Hunt name
                </label>
                <input id="query-name" name="name" maxLength={200} className="input" />
              </div>
              <button type="submit" name="intent" value="save-query" className="btn-secondary" disabled={busy}>
                Save hunt
              </button>
              {canManage ? (
                <button type="submit" name="intent" value="promote-query" className="btn-secondary" disabled={busy}>
                  Turn into a detection rule
                </button>
              ) : null}
            </Form>
          </div>
        ) : null}
      </section>

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
                        <time dateTime={m.time}>{intl.formatDateTime(m.time, { seconds: true })}</time>
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
                  <span className="flex-1">
                    {h.kind === "query" ? (
                      <a className="underline" href={`/threat-hunting?query=${encodeURIComponent(h.query)}`}>
                        {h.name}
                      </a>
                    ) : (
                      h.name
                    )}
                  </span>
                  <span className="text-xs text-ink-muted">{h.kind === "query" ? "Event query" : "Sigma"}</span>
                  <span className="text-xs text-ink-muted">
                    {h.resultsCount} result{h.resultsCount === 1 ? "" : "s"}
                  </span>
                  <time className="text-xs text-ink-muted" dateTime={h.createdAt}>
                    {intl.formatDate(h.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="indicator-h" className="mt-8 space-y-3">
        <h2 id="indicator-h" className="text-lg font-semibold">
          Search everything for an indicator
        </h2>
        <p className="text-sm text-ink-muted">
          An IP address, a domain, an e-mail address, a URL, a file hash (MD5, SHA-1, SHA-256) or a word, also defanged
          (<code>hxxp://</code>, <code>[.]</code>): looked up in your ingested events, analysed messages (their Received
          headers, addresses, links and attachments), alerts, case observables and watchlists.
        </p>
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
              placeholder="203.0.113.7, evil[.]example, a hash or a word"
              aria-invalid={indicatorError ? true : undefined}
              aria-describedby={indicatorError ? "q-error" : undefined}
            />
          </div>
          <button type="submit" className="btn-primary">
            Search
          </button>
          {indicatorError ? (
            <p id="q-error" className="field-error w-full" role="alert">
              {indicatorError}
            </p>
          ) : null}
        </Form>
        <div data-testid="indicator-results">
          {indicatorError ? null : results === null ? (
            <EmptyState title="Start a hunt">
              Search for an indicator of compromise across your events, messages, alerts, cases and watchlists.
            </EmptyState>
          ) : results.length === 0 ? (
            <EmptyState title="No matches">
              Nothing in your events, messages, alerts, cases or watchlists matches “{q}”.
            </EmptyState>
          ) : (
            <>
              <p className="mb-2 text-sm" role="status">
                {results.length} match{results.length === 1 ? "" : "es"} for “{q}”, newest first.
              </p>
              <ul className="card divide-y divide-slate-100 p-0">
                {results.map((r) => (
                  <li
                    key={`${r.kind}-${r.id}`}
                    className="flex flex-wrap items-center gap-3 p-3 text-sm"
                    data-testid="indicator-hit"
                    data-kind={r.kind}
                  >
                    <span className="w-20 text-xs font-semibold text-ink-muted">{r.kind}</span>
                    {r.level ? <SeverityBadge level={r.level} /> : null}
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                      <a className="underline" href={r.href}>
                        {r.title}
                      </a>
                      {r.detail ? <span className="block text-xs text-ink-muted">{r.detail}</span> : null}
                    </span>
                    <time className="text-xs text-ink-muted" dateTime={r.at}>
                      {intl.formatDate(r.at)}
                    </time>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
    </ModulePage>
  );
}

/**
 * The Zero Trust page: maturity per pillar and overall, its history, the roadmap, and one form per section of
 * CISA's model (works without JavaScript: each section posts on its own and the page reloads with the result).
 */
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { BarChart } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { EmptyState, ModulePage } from "~/components/module-page";
import { useActionResult } from "~/lib/use-action-result";
import { STAGES, type Stage } from "../model";
import { stageLabel, type Assessment, type FunctionView, type GroupView } from "../maturity";
import type { HistoryPoint } from "../assessment.server";

export type ZeroTrustActionData =
  | { group: string; saved: string; field?: undefined; error?: undefined; values?: undefined }
  | { group: string; field: string; error: string; saved?: undefined; values?: Record<string, string> };

type PageData = {
  teaser: false;
  assessment: Assessment;
  history: HistoryPoint[];
  canAssess: boolean;
  source: { title: string; publisher: string; version: string; published: string; url: string };
};

export function ZeroTrustPage() {
  const data = useLoaderData<PageData>();
  const { assessment, history, canAssess, source } = data;
  const result = useActionResult<ZeroTrustActionData>();
  return (
    <ModulePage path="/zero-trust">
      <p className="text-sm text-ink-muted">
        Based on the {source.publisher}&rsquo;s{" "}
        <a className="underline" href={source.url} rel="noreferrer">
          {source.title}, version {source.version}
        </a>{" "}
        ({source.published}): five pillars and three cross-cutting capabilities, each function at one of four stages.
      </p>
      <Summary assessment={assessment} />
      <Charts assessment={assessment} history={history} />
      <Roadmap assessment={assessment} />
      <section aria-labelledby="zt-assessment" className="mt-8">
        <h2 id="zt-assessment" className="text-lg font-semibold">
          Assessment
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {canAssess
            ? "Choose the stage your organization has reached for each function. Where Rampart holds evidence, it proposes a stage and flags a claim the evidence does not support."
            : "Owners and admins record the stages; you can read them and the evidence Rampart holds."}
        </p>
        {assessment.groups.map((g) => (
          <GroupSection
            key={g.id}
            group={g}
            canAssess={canAssess}
            result={result?.group === g.id ? result : undefined}
          />
        ))}
      </section>
    </ModulePage>
  );
}

function Summary({ assessment }: { assessment: Assessment }) {
  return (
    <section aria-labelledby="zt-summary" className="card mt-4">
      <h2 id="zt-summary" className="text-lg font-semibold">
        Overall maturity
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="zt-overall">
        {assessment.overall === null ? "Not assessed yet" : stageLabel(assessment.overall)}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {assessment.assessed} of {assessment.total} functions assessed
        {assessment.flagged
          ? `; ${assessment.flagged} ${assessment.flagged === 1 ? "claim is" : "claims are"} above what the evidence supports.`
          : "."}
      </p>
    </section>
  );
}

function Charts({ assessment, history }: { assessment: Assessment; history: HistoryPoint[] }) {
  const assessed = assessment.groups.filter((g) => g.maturity !== null);
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <div className="card">
        {assessed.length ? (
          <BarChart
            title="Maturity by pillar"
            heading="h2"
            categoryLabel="Pillar"
            valueLabel="Mean stage (0 Traditional to 3 Optimal)"
            max={3}
            bars={assessed.map((g) => ({ label: g.name, value: Math.round(g.maturity! * 10) / 10, tone: "brand" }))}
            summary={
              assessed.length < assessment.groups.length
                ? `Not assessed yet: ${assessment.groups
                    .filter((g) => g.maturity === null)
                    .map((g) => g.name)
                    .join(", ")}.`
                : undefined
            }
          />
        ) : (
          <>
            <h2 className="font-semibold">Maturity by pillar</h2>
            <p className="mt-1 text-sm text-ink-muted">Not assessed yet: no stage has been recorded.</p>
          </>
        )}
      </div>
      <div className="card">
        {history.length >= 2 ? (
          <LineChart
            title="Overall maturity over time"
            heading="h2"
            valueLabel="Mean stage (0–3)"
            yMax={3}
            lowerIsBetter={false}
            points={history.map((h) => ({ label: h.day, short: h.day.slice(5), value: h.overall }))}
          />
        ) : (
          <>
            <h2 className="font-semibold">Overall maturity over time</h2>
            <p className="mt-1 text-sm text-ink-muted">
              {history.length === 1
                ? `One reading so far (${history[0].day}): the trend appears after the next day with a change.`
                : "No reading yet: the history starts when the first stage is recorded."}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

function Roadmap({ assessment }: { assessment: Assessment }) {
  const byGroup = assessment.groups
    .map((g) => ({ group: g, steps: assessment.roadmap.filter((s) => s.groupId === g.id) }))
    .filter((x) => x.steps.length);
  return (
    <section aria-labelledby="zt-roadmap" className="mt-8">
      <h2 id="zt-roadmap" className="text-lg font-semibold">
        Roadmap
      </h2>
      {byGroup.length === 0 ? (
        <div className="mt-2">
          <EmptyState title="Not assessed yet">
            The roadmap lists the next stage for each function once a stage is recorded or Rampart holds evidence for
            it. Start with Identity below.
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            The next stage for each function, highest impact and lowest effort first.
          </p>
          {byGroup.map(({ group, steps }) => (
            <div key={group.id} className="mt-4">
              <h3 className="font-semibold">{group.name}</h3>
              <ol className="mt-2 space-y-2" data-testid={`zt-roadmap-${group.id}`}>
                {steps.map((s) => (
                  <li key={s.functionId} className="card">
                    <p className="font-medium">
                      {s.functionName}: {STAGES[s.from]} → {STAGES[s.to]}
                    </p>
                    <p className="mt-1 text-sm">{s.goal}</p>
                    {s.rampart ? (
                      <p className="mt-1 text-sm">
                        <a className="underline" href={s.rampart.href}>
                          {s.rampart.text}
                        </a>
                      </p>
                    ) : null}
                    <p className="mt-1 text-xs text-ink-muted">
                      Impact {["", "low", "medium", "high"][s.impact]} · effort{" "}
                      {["", "low", "medium", "high"][s.effort]}
                    </p>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </>
      )}
    </section>
  );
}

function GroupSection({
  group,
  canAssess,
  result,
}: {
  group: GroupView;
  canAssess: boolean;
  result?: ZeroTrustActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("group") === group.id;
  const headingId = `zt-group-${group.id}`;
  const body = (
    <>
      {group.functions.map((f) => (
        <FunctionRow
          key={f.id}
          f={f}
          canAssess={canAssess}
          error={result?.field?.startsWith(f.id) ? result.error : undefined}
          typed={result?.values}
        />
      ))}
    </>
  );
  return (
    <section aria-labelledby={headingId} className="card mt-4">
      <h3 id={headingId} className="text-base font-semibold">
        {group.name}{" "}
        <span className="text-sm font-normal text-ink-muted">
          {group.maturity === null ? "Not assessed yet" : stageLabel(group.maturity)}
        </span>
      </h3>
      {canAssess ? (
        <Form method="post" className="mt-2 space-y-4" preventScrollReset>
          <input type="hidden" name="group" value={group.id} />
          {body}
          {result?.error && !group.functions.some((f) => result.field?.startsWith(f.id)) ? (
            <p className="field-error" role="alert">
              {result.error}
            </p>
          ) : null}
          <div className="flex items-center gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              Save {group.name}
            </button>
            {result?.saved ? (
              <p role="status" className="text-sm">
                {result.saved}
              </p>
            ) : null}
          </div>
        </Form>
      ) : (
        <div className="mt-2 space-y-4">{body}</div>
      )}
    </section>
  );
}

function FunctionRow({
  f,
  canAssess,
  error,
  typed,
}: {
  f: FunctionView;
  canAssess: boolean;
  error?: string;
  /** What was sent with a refused save: shown again instead of the stored claim. */
  typed?: Record<string, string>;
}) {
  const current: Stage | null = f.claim?.stage ?? null;
  const selected = current ?? f.proposed;
  const stageDefault = typed ? typed[`stage:${f.id}`] : selected === null ? "" : String(selected);
  const notesDefault = typed ? typed[`notes:${f.id}`] : (f.claim?.notes ?? "");
  const linksDefault = typed ? typed[`links:${f.id}`] : (f.claim?.links ?? []).join("\n");
  const id = f.id.replace(/\./g, "-");
  return (
    <fieldset className="border-t border-line pt-3" data-testid={`zt-function-${f.id}`}>
      <legend className="font-medium">{f.name}</legend>
      {f.evidence.length ? (
        <ul className="mt-1 space-y-1 text-sm" aria-label={`Evidence Rampart holds for ${f.name}`}>
          {f.evidence.map((e, i) => (
            <li key={i}>
              <span className="font-medium">Rampart sees:</span> {e.fact}{" "}
              <span className="text-ink-muted">(supports {STAGES[e.supports]})</span>{" "}
              <a className="underline" href={e.href}>
                Open
                <span className="sr-only"> the source of this evidence</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">No evidence in Rampart for this function: add notes or links.</p>
      )}
      {f.flag ? (
        <p className="mt-1 text-sm font-medium text-red-800" data-testid="zt-flag">
          {f.flag}
        </p>
      ) : null}
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer">What each stage means</summary>
        <dl className="mt-1 space-y-1">
          {f.stages.map((text, i) => (
            <div key={i}>
              <dt className="font-medium">{STAGES[i]}</dt>
              <dd className="text-ink-muted">{text}</dd>
            </div>
          ))}
        </dl>
      </details>
      {canAssess ? (
        <div className="mt-2 grid gap-2 md:grid-cols-3">
          <div>
            <label htmlFor={`stage-${id}`} className="label">
              Stage reached
            </label>
            <select
              id={`stage-${id}`}
              name={`stage:${f.id}`}
              className="input"
              defaultValue={stageDefault}
              aria-describedby={current === null && f.proposed !== null ? `proposed-${id}` : undefined}
            >
              <option value="">Not assessed</option>
              {STAGES.map((s, i) => (
                <option key={s} value={i}>
                  {s}
                </option>
              ))}
            </select>
            {current === null && f.proposed !== null ? (
              <p id={`proposed-${id}`} className="mt-1 text-xs text-ink-muted">
                Proposed from the evidence; saved when you save this section.
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`notes-${id}`} className="label">
              Notes
            </label>
            <textarea
              id={`notes-${id}`}
              name={`notes:${f.id}`}
              className="input"
              rows={2}
              maxLength={2000}
              defaultValue={notesDefault}
            />
          </div>
          <div>
            <label htmlFor={`links-${id}`} className="label">
              Evidence links (one per line)
            </label>
            <textarea
              id={`links-${id}`}
              name={`links:${f.id}`}
              className="input"
              rows={2}
              defaultValue={linksDefault}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `error-${id}` : undefined}
            />
          </div>
          {error ? (
            <p id={`error-${id}`} className="field-error md:col-span-3" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-2 text-sm">
          <p>
            <span className="font-medium">Stage reached:</span> {current === null ? "Not assessed" : STAGES[current]}
          </p>
          {f.claim?.notes ? <p className="mt-1 whitespace-pre-line">{f.claim.notes}</p> : null}
          {f.claim?.links.length ? (
            <ul className="mt-1 list-disc pl-5">
              {f.claim.links.map((l) => (
                <li key={l}>
                  <a className="underline break-all" href={l} rel="noreferrer nofollow">
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}

import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { StatusBadge } from "~/components/ui/severity-badge";
import type { RuleTestErrors, RuleTestResult } from "../rule-test.server";

export type RuleTestValues = { ruleId: string; eventId: string; eventJson: string };
export type RuleTestActionData = {
  intent: "test-rule";
  values: RuleTestValues;
  errors?: RuleTestErrors;
  result?: Extract<RuleTestResult, { ok: true }>;
};

function show(v: unknown): string {
  if (v === undefined) return "(no such field)";
  if (typeof v === "string") return v;
  return JSON.stringify(v);
}

function Matched({ ok }: { ok: boolean }) {
  return <StatusBadge tone={ok ? "ok" : "neutral"}>{ok ? "matched" : "not matched"}</StatusBadge>;
}

/** "Why did this rule (not) match this event?": works as a plain form post, the answer comes back as action data. */
export function RuleTestSection({
  rules,
  recentEvents,
  data,
  busy,
}: {
  rules: { id: string; title: string }[];
  recentEvents: { id: string; label: string }[];
  data: RuleTestActionData | null;
  busy: boolean;
}) {
  const errors = data?.errors ?? {};
  const values = data?.values ?? { ruleId: "", eventId: "", eventJson: "" };
  const result = data?.result;
  return (
    <section aria-labelledby="rule-test-h" className="space-y-4">
      <h2 id="rule-test-h" className="text-lg font-semibold">
        Test a rule on an event
      </h2>
      <p className="text-sm text-ink-muted">
        See why a rule matches an event or not: each selection, each field compared and the condition. Nothing is
        stored.
      </p>
      {rules.length === 0 ? (
        <p className="text-sm">Add a rule first.</p>
      ) : (
        <Form method="post" className="card space-y-3" aria-label="Rule test">
          <input type="hidden" name="intent" value="test-rule" />
          <SelectField
            id="test-rule-id"
            name="ruleId"
            label="Rule to test"
            options={rules.map((r) => [r.id, r.title])}
            defaultValue={values.ruleId || undefined}
            error={errors.ruleId}
          />
          <FormField
            id="test-event-id"
            name="eventId"
            label="Stored event id"
            list="test-recent-events"
            maxLength={100}
            defaultValue={values.eventId}
            error={errors.eventId}
            hint="The id shown in Logs; the latest events are offered as you type."
            autoComplete="off"
          />
          <datalist id="test-recent-events">
            {recentEvents.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </datalist>
          <div>
            <label htmlFor="test-event-json" className="label">
              Or paste an event (JSON)
            </label>
            <textarea
              id="test-event-json"
              name="eventJson"
              rows={5}
              className="input font-mono text-xs"
              spellCheck={false}
              defaultValue={values.eventJson}
              aria-invalid={errors.event ? true : undefined}
              aria-describedby={errors.event ? "test-event-json-error" : undefined}
            />
            {errors.event ? (
              <p id="test-event-json-error" className="field-error" role="alert">
                {errors.event}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Test the rule
          </button>
        </Form>
      )}
      {result ? (
        <div className="card space-y-3 text-sm" role="status" data-testid="rule-test-result">
          <p className="font-medium">
            “{result.rule.title}” {result.explanation.matched ? "matches" : "does not match"}{" "}
            {result.event.id ? `event ${result.event.id}` : "the pasted event"}.
          </p>
          <p>
            Logsource: the rule needs <code>{result.explanation.logsource.required}</code>{" "}
            <Matched ok={result.explanation.logsource.matched} />
            {result.explanation.logsource.matched ? null : (
              <span className="text-ink-muted">
                {" "}
                (the event is {result.explanation.logsource.offered.join(", ") || "of no known logsource"})
              </span>
            )}
          </p>
          {result.explanation.conditions.map((c) => (
            <p key={c.text}>
              Condition <code>{c.text}</code> <Matched ok={c.matched} />
            </p>
          ))}
          {result.explanation.selections.map((s) => (
            <div key={s.name} className="relative overflow-x-auto">
              <table className="w-full text-left text-xs">
                <caption className="text-left text-sm">
                  Selection <code>{s.name}</code> <Matched ok={s.matched} />
                  {s.alternatives.length > 1 ? " (any one group below)" : null}
                </caption>
                <thead>
                  <tr className="text-ink-muted">
                    <th scope="col" className="p-1">
                      Field
                    </th>
                    <th scope="col" className="p-1">
                      Modifiers
                    </th>
                    <th scope="col" className="p-1">
                      Expected
                    </th>
                    <th scope="col" className="p-1">
                      Actual
                    </th>
                    <th scope="col" className="p-1">
                      Result
                    </th>
                  </tr>
                </thead>
                {s.alternatives.map((a, i) => (
                  <tbody key={i} className="border-t border-slate-200">
                    {a.items.map((it, j) => (
                      <tr key={j}>
                        <td className="p-1 font-mono">{it.field ?? "(any value)"}</td>
                        <td className="p-1 font-mono">{it.modifiers.join("|") || "—"}</td>
                        <td className="p-1 font-mono break-all">{it.expected.map(show).join(", ")}</td>
                        <td className="p-1 font-mono break-all">{it.field === null ? "—" : show(it.actual)}</td>
                        <td className="p-1">
                          <Matched ok={it.matched} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

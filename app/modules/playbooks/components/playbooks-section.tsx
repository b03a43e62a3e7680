/**
 * The playbooks part of /siem-soar: the playbook form (create or edit, no JavaScript needed), the playbooks, their
 * runs with each step's outcome (approve or reject a waiting run) and the watchlist of indicators they added.
 */
import { EnableDeleteActions, RowAction } from "~/components/ui/row-action";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { CheckCircle2, Circle, Clock, MinusCircle, XCircle } from "lucide-react";
import { EmptyState } from "~/components/module-page";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { StatusBadge } from "~/components/ui/severity-badge";
import type { PlaybookActionData, PlaybooksPageData } from "../page-data.server";
import {
  describeStep,
  INDICATOR_KINDS,
  INDICATOR_LABEL,
  MAX_NAME,
  RUN_STATUS_LABEL,
  SEVERITIES,
  SIGMA_LEVELS,
  STEP_LABEL,
  STEP_TYPES,
  TRIGGER_LABEL,
  TRIGGER_TYPES,
  type PlaybookStep,
  type RunStatus,
  type StepOutcome,
} from "../types";
import { useFormat } from "~/lib/format-context";

/** Step slots the form shows (a playbook may have up to MAX_STEPS; an edited one shows all of its steps). */
const FORM_SLOTS = 4;

type FormValues = {
  name?: string;
  enabled?: boolean;
  trigger?: { type?: string; value?: string };
  steps?: Record<string, string>[];
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const OUTCOME: Record<StepOutcome, { label: string; Icon: typeof Circle; cls: string }> = {
  pending: { label: "Pending", Icon: Circle, cls: "text-ink-muted" },
  waiting: { label: "Waiting", Icon: Clock, cls: "text-warn" },
  ok: { label: "OK", Icon: CheckCircle2, cls: "text-ok" },
  failed: { label: "Failed", Icon: XCircle, cls: "text-danger" },
  skipped: { label: "Skipped", Icon: MinusCircle, cls: "text-ink-muted" },
};

const STATUS_TONE: Record<RunStatus, "neutral" | "ok" | "warn" | "danger"> = {
  queued: "neutral",
  running: "neutral",
  awaiting_approval: "warn",
  completed: "ok",
  failed: "danger",
  rejected: "danger",
};

export function PlaybooksSection({
  data,
  rules,
  result,
}: {
  data: PlaybooksPageData;
  rules: { id: string; title: string }[];
  result: PlaybookActionData | null;
}) {
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  const errors = result && result.errors ? result.errors : {};
  const refused = result && result.errors ? result : null;
  const values: FormValues = refused
    ? (refused.values as FormValues)
    : data.editing
      ? {
          name: data.editing.name,
          enabled: data.editing.enabled,
          trigger: data.editing.trigger,
          steps: data.editing.steps as unknown as Record<string, string>[],
        }
      : { enabled: true, trigger: { type: "level", value: "high" }, steps: [] };
  const editId = refused ? refused.editId : (data.editing?.id ?? null);
  const slots = Math.max(FORM_SLOTS, values.steps?.length ?? 0);
  const channelName = (id: string) => data.channels.find((c) => c.id === id)?.name;
  const ruleTitle = (id: string) => rules.find((r) => r.id === id)?.title ?? "a deleted rule";
  const message = result && !result.errors ? result.message : null;
  // The form's key: a new result or another playbook to edit starts the form afresh from `values`.
  const formKey = `${editId ?? "new"}|${message ?? ""}|${refused ? JSON.stringify(refused.errors) : ""}`;
  const triggerText = (t: { type: string; value: string }) =>
    t.type === "rule"
      ? `Rule “${ruleTitle(t.value)}”`
      : t.type === "tag"
        ? `Tag ${t.value}`
        : `Level ${t.value} or above`;

  return (
    <section aria-labelledby="playbooks-h" className="mt-8 space-y-4">
      <h2 id="playbooks-h" className="text-lg font-semibold">
        Playbooks
      </h2>
      <p className="text-sm text-ink-muted">
        A playbook runs when a detection matches its trigger, then takes its steps in order. A run is recorded with each
        step's outcome; an approval step waits for an owner or admin.
      </p>
      {message ? (
        <p className="card text-sm" role="status" data-testid="playbook-message">
          {message}
        </p>
      ) : null}

      {data.canManage ? (
        <PlaybookForm
          key={formKey}
          values={values}
          editId={editId}
          errors={errors}
          slots={slots}
          busy={busy}
          rules={rules}
          channels={data.channels}
        />
      ) : null}

      {data.playbooks.length === 0 ? (
        <EmptyState title="No playbooks yet">
          {data.canManage
            ? "Create a playbook above to respond to detections automatically."
            : "An owner or admin can create playbooks that respond to detections."}
        </EmptyState>
      ) : (
        <ul className="card divide-y divide-slate-100 p-0" aria-label="Playbooks">
          {data.playbooks.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start gap-3 p-3 text-sm">
              <div className="min-w-48 flex-1">
                <div className="font-medium">{p.name}</div>
                <div className="text-xs text-ink-muted">When: {triggerText(p.trigger)}</div>
                <ol className="mt-1 list-decimal pl-5 text-xs">
                  {(p.steps as PlaybookStep[]).map((s, i) => (
                    <li key={i}>{describeStep(s, channelName)}</li>
                  ))}
                </ol>
              </div>
              <StatusBadge tone={p.enabled ? "ok" : "neutral"}>{p.enabled ? "Enabled" : "Disabled"}</StatusBadge>
              {data.canManage ? (
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/siem-soar?edit=${p.id}#playbook-form`}
                    className="btn-secondary text-xs"
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Link>
                  <EnableDeleteActions
                    id={p.id}
                    name={p.name}
                    enabled={p.enabled}
                    intents={{ enable: "playbook-enable", disable: "playbook-disable", delete: "playbook-delete" }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h3 className="pt-2 font-semibold" id="runs-h">
        Runs
      </h3>
      {data.runs.length === 0 ? (
        <EmptyState title="No runs yet">A run is recorded here each time a detection triggers a playbook.</EmptyState>
      ) : (
        <ul className="space-y-2" aria-labelledby="runs-h">
          {data.runs.map((r) => (
            <li key={r.id} className="card text-sm" data-testid="playbook-run">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{r.playbookName}</span>
                <StatusBadge tone={STATUS_TONE[r.status]}>{RUN_STATUS_LABEL[r.status]}</StatusBadge>
                <span className="text-xs text-ink-muted">
                  {r.trigger.ruleTitle} on {r.trigger.host ?? "an unknown host"} ·{" "}
                  <time dateTime={r.createdAt}>{intl.formatDateTime(r.createdAt)}</time>
                </span>
              </div>
              <ol className="mt-2 space-y-1">
                {r.steps.map((s, i) => {
                  const o = OUTCOME[s.outcome];
                  return (
                    <li key={i} className="flex flex-wrap items-center gap-2 text-xs">
                      <o.Icon className={`h-4 w-4 ${o.cls}`} aria-hidden="true" />
                      <span className="font-semibold">{o.label}</span>
                      <span>{describeStep(s, channelName)}</span>
                      {s.message ? <span className="text-ink-muted">— {s.message}</span> : null}
                    </li>
                  );
                })}
              </ol>
              {r.status === "awaiting_approval" && data.canApprove ? (
                <Form method="post" className="mt-2 flex gap-2">
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="run-approve"
                    className="btn-primary text-xs"
                    disabled={busy}
                    aria-label={`Approve the run of ${r.playbookName}`}
                  >
                    Approve
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="run-reject"
                    className="btn-secondary text-xs"
                    disabled={busy}
                    aria-label={`Reject the run of ${r.playbookName}`}
                  >
                    Reject
                  </button>
                </Form>
              ) : r.status === "awaiting_approval" ? (
                <p className="mt-2 text-xs text-ink-muted">Waiting for an owner or admin to approve.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h3 className="pt-2 font-semibold" id="watchlist-h">
        Watchlist
      </h3>
      {data.indicators.length === 0 ? (
        <EmptyState title="No indicators yet">
          Playbooks with an “Add an indicator” step put the event's host, IP address, file hash or user here.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby="watchlist-h">
            <thead>
              <tr className="text-xs text-ink-muted">
                <th scope="col" className="p-2">
                  Kind
                </th>
                <th scope="col" className="p-2">
                  Indicator
                </th>
                <th scope="col" className="p-2">
                  Why
                </th>
                <th scope="col" className="p-2">
                  Added
                </th>
                {data.canManage ? (
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.indicators.map((i) => (
                <tr key={i.id}>
                  <td className="p-2">{INDICATOR_LABEL[i.kind]}</td>
                  <td className="break-all p-2 font-mono text-xs">{i.value}</td>
                  <td className="p-2 text-xs">{i.note}</td>
                  <td className="p-2 text-xs">
                    <time dateTime={i.createdAt}>{intl.formatDate(i.createdAt)}</time>
                  </td>
                  {data.canManage ? (
                    <td className="p-2">
                      <RowAction id={i.id} intent="indicator-remove" label={`Remove ${i.value} from the watchlist`}>
                        Remove
                      </RowAction>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The playbook form. Without JavaScript every field shows and the server reads the ones the chosen trigger and step
 * types need; with it, only those fields show.
 */
function PlaybookForm({
  values,
  editId,
  errors,
  slots,
  busy,
  rules,
  channels,
}: {
  values: FormValues;
  editId: string | null;
  errors: Record<string, string>;
  slots: number;
  busy: boolean;
  rules: { id: string; title: string }[];
  channels: PlaybooksPageData["channels"];
}) {
  const hydrated = useHydrated();
  const [triggerType, setTriggerType] = useState(values.trigger?.type ?? "level");
  const [stepTypes, setStepTypes] = useState<string[]>(() =>
    Array.from({ length: slots }, (_, i) => values.steps?.[i]?.type ?? ""),
  );
  const shows = (needed: boolean) => !hydrated || needed;
  return (
    <Form method="post" className="card space-y-3" id="playbook-form" aria-labelledby="playbook-form-h" noValidate>
      <h3 id="playbook-form-h" className="font-semibold">
        {editId ? "Edit playbook" : "New playbook"}
      </h3>
      <input type="hidden" name="intent" value="playbook-save" />
      {editId ? <input type="hidden" name="id" value={editId} /> : null}
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <FormField
        id="pb-name"
        name="name"
        label="Name"
        maxLength={MAX_NAME}
        required
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <fieldset
        className="space-y-2"
        aria-invalid={errors.trigger ? true : undefined}
        aria-describedby={errors.trigger ? "pb-trigger-error" : undefined}
      >
        <legend className="label">Trigger</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {TRIGGER_TYPES.map((t) => (
            <label key={t} className="flex items-center gap-2">
              <input
                type="radio"
                name="triggerType"
                value={t}
                defaultChecked={(values.trigger?.type ?? "level") === t}
                onChange={() => setTriggerType(t)}
              />
              {TRIGGER_LABEL[t]}
            </label>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div hidden={!shows(triggerType === "rule")}>
            <SelectField
              id="pb-trigger-rule"
              name="triggerRule"
              label="Rule (for a rule trigger)"
              options={[["", "—"], ...rules.map((r): [string, string] => [r.id, r.title])]}
              defaultValue={values.trigger?.type === "rule" ? values.trigger.value : ""}
            />
          </div>
          <div hidden={!shows(triggerType === "tag")}>
            <FormField
              id="pb-trigger-tag"
              name="triggerTag"
              label="Tag (for a tag trigger)"
              placeholder="attack.t1059"
              maxLength={100}
              defaultValue={values.trigger?.type === "tag" ? values.trigger.value : ""}
            />
          </div>
          <div hidden={!shows(triggerType === "level")}>
            <SelectField
              id="pb-trigger-level"
              name="triggerLevel"
              label="Level at or above (for a level trigger)"
              options={SIGMA_LEVELS.map((l): [string, string] => [l, cap(l)])}
              defaultValue={values.trigger?.type === "level" ? values.trigger.value : "high"}
            />
          </div>
        </div>
        {errors.trigger ? (
          <p id="pb-trigger-error" className="field-error" role="alert">
            {errors.trigger}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="space-y-3"
        aria-invalid={errors.steps ? true : undefined}
        aria-describedby={errors.steps ? "pb-steps-error" : undefined}
      >
        <legend className="label">Steps, in order</legend>
        {errors.steps ? (
          <p id="pb-steps-error" className="field-error" role="alert">
            {errors.steps}
          </p>
        ) : null}
        {Array.from({ length: slots }, (_, i) => {
          const s = values.steps?.[i] ?? {};
          const type = stepTypes[i] ?? "";
          return (
            <div key={i} className="grid gap-2 rounded border border-slate-200 p-2 sm:grid-cols-4">
              <SelectField
                id={`pb-step${i}-type`}
                name={`step${i}Type`}
                label={`Step ${i + 1}`}
                options={[["", "— none —"], ...STEP_TYPES.map((t): [string, string] => [t, STEP_LABEL[t]])]}
                defaultValue={s.type ?? ""}
                error={errors[`steps.${i}`]}
                onChange={(v) => setStepTypes((prev) => prev.map((x, j) => (j === i ? v : x)))}
              />
              <div hidden={!shows(type === "alert" || type === "incident")}>
                <SelectField
                  id={`pb-step${i}-severity`}
                  name={`step${i}Severity`}
                  label="Severity (alert, incident)"
                  options={SEVERITIES.map((l): [string, string] => [l, cap(l)])}
                  defaultValue={s.severity ?? "high"}
                />
              </div>
              <div hidden={!shows(type === "notify")}>
                <SelectField
                  id={`pb-step${i}-channel`}
                  name={`step${i}Channel`}
                  label="Channel (notify)"
                  options={[["", "—"], ...channels.map((c): [string, string] => [c.id, `${c.name} (${c.type})`])]}
                  defaultValue={s.channelId ?? ""}
                />
              </div>
              <div hidden={!shows(type === "indicator")}>
                <SelectField
                  id={`pb-step${i}-indicator`}
                  name={`step${i}Indicator`}
                  label="Indicator (watchlist)"
                  options={INDICATOR_KINDS.map((k): [string, string] => [k, INDICATOR_LABEL[k]])}
                  defaultValue={s.kind ?? "host"}
                />
              </div>
            </div>
          );
        })}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={values.enabled !== false} />
        Enabled
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {editId ? "Save playbook" : "Create playbook"}
        </button>
        {editId ? (
          <Link to="/siem-soar#playbooks-h" className="btn-secondary">
            Cancel editing
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";

export type PlaceholderActionData = {
  intent: "placeholder";
  values?: { name: string; values: string };
  errors?: { name?: string; values?: string; form?: string };
  message?: string;
};

/** The tenant's `%name%` lists for rules that use `|expand` (SigmaHQ's rules-placeholder set). */
export function PlaceholdersSection({
  placeholders,
  canManage,
  data,
  busy,
}: {
  placeholders: { name: string; values: string[] }[];
  canManage: boolean;
  data: PlaceholderActionData | null;
  busy: boolean;
}) {
  const errors = data?.errors ?? {};
  return (
    <section aria-labelledby="placeholders-h" className="space-y-4">
      <h2 id="placeholders-h" className="text-lg font-semibold">
        Placeholders
      </h2>
      <p className="text-sm text-ink-muted">
        Rules that use the <code>|expand</code> modifier name a list such as <code>%Admins_Workstations%</code>: the
        value matches any entry of this organization&apos;s list of that name. A rule whose list is not defined here is
        refused.
      </p>
      {data?.message ? (
        <p className="text-sm" role="status">
          {data.message}
        </p>
      ) : null}
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {placeholders.length === 0 ? (
        <p className="text-sm">No placeholders yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Placeholders">
          {placeholders.map((p) => (
            <li key={p.name} className="flex items-start justify-between gap-4 py-2">
              <div>
                <div className="font-mono">%{p.name}%</div>
                <div className="break-all text-xs text-ink-muted">{p.values.join(", ")}</div>
              </div>
              {canManage ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="placeholder-delete" />
                  <input type="hidden" name="name" value={p.name} />
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Remove %${p.name}%`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <Form method="post" className="card space-y-3" aria-label="Add or replace a placeholder">
          <input type="hidden" name="intent" value="placeholder-save" />
          <FormField
            id="placeholder-name"
            name="name"
            label="Placeholder name"
            maxLength={66}
            required
            placeholder="Admins_Workstations"
            defaultValue={data?.values?.name ?? ""}
            error={errors.name}
          />
          <div>
            <label htmlFor="placeholder-values" className="label">
              Values, one per line (wildcards * and ? allowed)
            </label>
            <textarea
              id="placeholder-values"
              name="values"
              rows={4}
              className="input font-mono text-xs"
              spellCheck={false}
              defaultValue={data?.values?.values ?? ""}
              aria-invalid={errors.values ? true : undefined}
              aria-describedby={errors.values ? "placeholder-values-error" : undefined}
            />
            {errors.values ? (
              <p id="placeholder-values-error" className="field-error" role="alert">
                {errors.values}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save placeholder
          </button>
        </Form>
      ) : null}
    </section>
  );
}

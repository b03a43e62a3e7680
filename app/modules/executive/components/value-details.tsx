/**
 * Under "Value delivered" on /executive: the savings formula in words with this organization's numbers, and the
 * cost inputs form for owners and admins. The form posts to the page's action, so it works without JavaScript
 * (what was typed comes back with the errors); with JavaScript Remix submits it in place. The form is left off
 * the printed report (data-print="hide"); the formula is printed.
 */
import { Form, useNavigation } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { costField, type CostFieldErrors, type CostFormValues } from "../cost-form";
import type { ReplacedTool } from "../tools";
import type { ValueDelivered } from "../value.server";
import { formatHours, formatMoney } from "./money";

export type CostActionData =
  | { ok: string; errors?: undefined; values?: undefined }
  | { ok?: undefined; errors: CostFieldErrors; values: CostFormValues };

export function SavingsFormula({ value }: { value: ValueDelivered }) {
  const money = (n: number) => formatMoney(n, value.currency);
  const hours = formatHours(value.hoursSavedMonthly);
  const entered = value.inUse.filter((t) => t.monthlyCost !== null);
  return (
    <div className="card mt-3 space-y-2 text-sm" data-testid="savings-formula">
      <h3 className="font-semibold">How the monthly savings are computed</h3>
      <p>
        Monthly savings = the monthly cost of each tool Rampart replaces that your organization used in the last 30 days
        + hours saved in the last 30 days × your hourly rate.
      </p>
      {value.costSavings === null ? (
        <p data-testid="savings-words">
          Not estimated: no tool cost or hourly rate has been entered yet. {value.toolsReplaced} of the tools Rampart
          replaces {value.toolsReplaced === 1 ? "was" : "were"} in use in the last 30 days, saving {hours} hours.
        </p>
      ) : (
        <p data-testid="savings-words">
          {entered.length
            ? `Tools in use with a cost: ${entered.map((t) => `${t.tool} ${money(t.monthlyCost!)}`).join(", ")} = ${money(value.toolSavings)}. `
            : "No tool in use has a cost entered: 0. "}
          {value.hourlyRate === null
            ? `Time: ${hours} hours saved, left out because no hourly rate is entered. `
            : `Time: ${hours} hours × ${money(value.hourlyRate)} an hour = ${money(value.timeSavings ?? 0)}. `}
          Total: <strong>{money(value.costSavings)}</strong> a month.
        </p>
      )}
      {value.missingCosts.length ? (
        <p data-testid="savings-missing">Left out because no cost is entered: {value.missingCosts.join(", ")}.</p>
      ) : null}
      {value.inUse.length === 0 ? (
        <p>No module stored data in the last 30 days, so no tool counts as replaced yet.</p>
      ) : null}
    </div>
  );
}

export function CostInputsForm({
  tools,
  values,
  errors,
  ok,
}: {
  tools: readonly ReplacedTool[];
  values: CostFormValues;
  errors: CostFieldErrors;
  ok?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="exec-costs" className="card mt-3" data-print="hide">
      <h3 id="exec-costs" className="font-semibold">
        Your costs
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        What your organization would pay a month for each tool Rampart replaces, and what an hour of staff time costs.
        Leave a field blank when you do not know: it is left out of the estimate.
      </p>
      <Form method="post" className="mt-3 space-y-4" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="save-costs" />
        {errors.form ? (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="cost-currency"
            name="currency"
            label="Currency (ISO 4217)"
            defaultValue={values.currency}
            maxLength={3}
            autoComplete="off"
            error={errors.currency}
          />
          <FormField
            id="cost-hourly-rate"
            name="hourlyRate"
            label="Hourly rate of staff time"
            inputMode="decimal"
            defaultValue={values.hourlyRate}
            error={errors.hourlyRate}
          />
        </div>
        <fieldset>
          <legend className="label">Monthly cost per tool</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((t) => (
              <FormField
                key={t.key}
                id={`cost-${t.key}`}
                name={costField(t.key)}
                label={t.tool}
                hint={`Replaced by ${t.module}`}
                inputMode="decimal"
                defaultValue={values.toolCosts[t.key] ?? ""}
                error={errors[`cost:${t.key}`]}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save costs"}
          </button>
          {ok ? (
            <p role="status" className="text-sm text-ink-muted">
              {ok}
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

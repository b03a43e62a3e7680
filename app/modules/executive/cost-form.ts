/**
 * The executive view's cost inputs as a form (isomorphic: the page and its action read the same schema). Costs are
 * monthly, in the organization's currency (ISO 4217); a blank field means "not entered", which the savings
 * formula leaves out rather than counting as 0.
 */
import { z } from "zod";
import { REPLACED_TOOLS, type ToolKey } from "./tools";

export const MAX_AMOUNT = 10_000_000;
export const DEFAULT_CURRENCY = "USD";

/** The ISO 4217 codes this runtime formats (Intl), so a stored code always renders. */
function knownCurrency(code: string): boolean {
  try {
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return /^[A-Z]{3}$/.test(code);
  }
}

const amount = (what: string) =>
  z
    .string()
    .trim()
    .max(20, `Enter ${what} as a number, at most ${MAX_AMOUNT.toLocaleString("en-US")}.`)
    .transform((s) => s.replace(/[\s,]/g, ""))
    .refine((s) => s === "" || /^\d+(\.\d{1,2})?$/.test(s), `Enter ${what} as a number with at most 2 decimals.`)
    .transform((s) => (s === "" ? null : Number(s)))
    .refine((n) => n === null || n <= MAX_AMOUNT, `Enter ${what} of at most ${MAX_AMOUNT.toLocaleString("en-US")}.`);

export const CostInputsSchema = z.object({
  currency: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z]{3}$/.test(s) && knownCurrency(s), "Enter a three-letter ISO 4217 currency code, e.g. USD."),
  hourlyRate: amount("the hourly rate"),
  toolCosts: z.object(
    Object.fromEntries(REPLACED_TOOLS.map((t) => [t.key, amount("a monthly cost")])) as Record<
      ToolKey,
      ReturnType<typeof amount>
    >,
  ),
});

export type CostInputs = z.output<typeof CostInputsSchema>;
export type CostFormValues = { currency: string; hourlyRate: string; toolCosts: Partial<Record<ToolKey, string>> };

/** The form's field names: `currency`, `hourlyRate`, `cost:<tool key>`. */
export const costField = (key: ToolKey) => `cost:${key}`;

/** What was typed, as strings (sent back beside the errors so nothing typed is lost). */
export function costFormValues(get: (name: string) => unknown): CostFormValues {
  const s = (v: unknown) => (typeof v === "string" ? v.slice(0, 40) : "");
  return {
    currency: s(get("currency")),
    hourlyRate: s(get("hourlyRate")),
    toolCosts: Object.fromEntries(REPLACED_TOOLS.map((t) => [t.key, s(get(costField(t.key)))])),
  };
}

export type CostFieldErrors = Partial<Record<"currency" | "hourlyRate" | `cost:${ToolKey}` | "form", string>>;

/** Parses typed values; answers the inputs or one message per field. */
export function parseCostForm(
  values: CostFormValues,
): { ok: true; inputs: CostInputs } | { ok: false; errors: CostFieldErrors } {
  const parsed = CostInputsSchema.safeParse({ ...values, toolCosts: { ...values.toolCosts } });
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors: CostFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (first === "toolCosts" ? `cost:${String(second)}` : String(first)) as keyof CostFieldErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

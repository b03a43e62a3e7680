/**
 * The executive view's "Value delivered" (issue 31): tools replaced, hours saved and the monthly savings, from
 * stored activity (./activity.server.ts) and the organization's cost inputs (./costs.server.ts).
 *
 *   monthly savings = Σ monthly cost of each replaced tool in use whose cost was entered
 *                   + hours saved in the last 30 days × hourly rate
 *
 * A tool in use without an entered cost is left out (and listed); so is the time while no rate is entered.
 * Nothing entered at all: no estimate (null, "Not estimated"), never 0.
 */
import { activityCounts, hoursFromCounts, toolsInUseFromCounts, VALUE_WINDOW_DAYS } from "./activity.server";
import { getCostInputs, type StoredCosts } from "./costs.server";
import { REPLACED_TOOLS, type ToolKey } from "./tools";

const DAY = 86_400_000;

export type ToolValue = { key: ToolKey; tool: string; module: string; path: string; monthlyCost: number | null };

export type ValueDelivered = {
  /** Replaced tools in use (stored data in the last 30 days), in REPLACED_TOOLS order. */
  inUse: ToolValue[];
  toolsReplaced: number;
  hoursSavedMonthly: number;
  currency: string;
  hourlyRate: number | null;
  /** Σ entered monthly costs of the tools in use. */
  toolSavings: number;
  /** hoursSavedMonthly × hourlyRate; null while no rate is entered. */
  timeSavings: number | null;
  /** Tools in use whose cost was not entered (left out of the sum). */
  missingCosts: string[];
  /** Null until at least one cost or the rate is entered. */
  costSavings: number | null;
};

const cents = (n: number) => Math.round(n * 100) / 100;

export function valueDelivered(tenantId: string, now = Date.now(), costs: StoredCosts = getCostInputs(tenantId)) {
  const counts = activityCounts(tenantId, now - VALUE_WINDOW_DAYS * DAY);
  const used = new Set(toolsInUseFromCounts(counts));
  const hours = hoursFromCounts(counts);
  const inUse: ToolValue[] = REPLACED_TOOLS.filter((t) => used.has(t.key)).map((t) => ({
    key: t.key,
    tool: t.tool,
    module: t.module,
    path: t.path,
    monthlyCost: costs.toolCosts[t.key] ?? null,
  }));
  const toolSavings = cents(inUse.reduce((sum, t) => sum + (t.monthlyCost ?? 0), 0));
  const timeSavings = costs.hourlyRate === null ? null : cents(hours * costs.hourlyRate);
  const anyEntered = costs.hourlyRate !== null || Object.keys(costs.toolCosts).length > 0;
  return {
    inUse,
    toolsReplaced: inUse.length,
    hoursSavedMonthly: hours,
    currency: costs.currency,
    hourlyRate: costs.hourlyRate,
    toolSavings,
    timeSavings,
    missingCosts: inUse.filter((t) => t.monthlyCost === null).map((t) => t.tool),
    costSavings: anyEntered ? cents(toolSavings + (timeSavings ?? 0)) : null,
  } satisfies ValueDelivered;
}

/** The organization's cost inputs (tool costs a month, hourly rate, currency): read, and saved by owners and admins. */
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { audit } from "~/modules/audit";
import { executiveCostInputs } from "./schema";
import { DEFAULT_CURRENCY, type CostInputs } from "./cost-form";
import { REPLACED_TOOLS, type ToolKey } from "./tools";
import { COSTS_FORBIDDEN } from "./permissions";

export type StoredCosts = {
  currency: string;
  hourlyRate: number | null;
  toolCosts: Partial<Record<ToolKey, number>>;
  /** Whether anything was ever saved. */
  saved: boolean;
};

export function getCostInputs(tenantId: string): StoredCosts {
  const row = db.select().from(executiveCostInputs).where(eq(executiveCostInputs.tenantId, tenantId)).get();
  if (!row) return { currency: DEFAULT_CURRENCY, hourlyRate: null, toolCosts: {}, saved: false };
  // Only the tools that still exist (a key of a module since removed is ignored, not shown).
  const toolCosts: Partial<Record<ToolKey, number>> = {};
  for (const t of REPLACED_TOOLS) if (typeof row.toolCosts[t.key] === "number") toolCosts[t.key] = row.toolCosts[t.key];
  return { currency: row.currency, hourlyRate: row.hourlyRate, toolCosts, saved: true };
}

/** Replaces the organization's cost inputs (blank fields clear them); the role is checked here too. */
export function saveCostInputs(
  tenantId: string,
  actor: { userId: string; role: Role; ip?: string | null },
  inputs: CostInputs,
): StoredCosts {
  if (!can(actor.role, "executiveCosts", "manage")) throw new DomainError(COSTS_FORBIDDEN, { status: 403 });
  const toolCosts: Record<string, number> = {};
  for (const [key, value] of Object.entries(inputs.toolCosts)) if (value !== null) toolCosts[key] = value;
  const values = {
    currency: inputs.currency,
    hourlyRate: inputs.hourlyRate,
    toolCosts,
    updatedBy: actor.userId,
    updatedAt: Date.now(),
  };
  db.transaction((tx) => {
    tx.insert(executiveCostInputs)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: executiveCostInputs.tenantId, set: values })
      .run();
    audit({
      action: "executive.costs_updated",
      tenantId,
      userId: actor.userId,
      ip: actor.ip ?? null,
      detail: { currency: values.currency, hourlyRate: values.hourlyRate, toolCosts },
    });
  });
  return getCostInputs(tenantId);
}

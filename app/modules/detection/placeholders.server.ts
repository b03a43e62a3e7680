/**
 * A tenant's `%name%` lists for Sigma's `|expand` modifier (SigmaHQ's rules-placeholder set uses e.g.
 * `%Admins_Workstations%`). Rules resolve them when loaded (rules.server.ts `loadSigmaForTenant`); a change drops the
 * compiled rule cache so the next event runs the re-resolved rules. A list a stored rule still uses cannot be removed:
 * the rule would stop loading and silently stop matching.
 */
import { and, eq } from "drizzle-orm";
import { detectionPlaceholders, detectionRules } from "./schema";
import { db } from "~/lib/db.server";
import { invalidateRules, tenantPlaceholders } from "./rules.server";
import { loadSigmaFile, SigmaRuleError } from "./sigma";

export const MAX_PLACEHOLDERS = 200;
export const MAX_PLACEHOLDER_VALUES = 1000;
export const MAX_PLACEHOLDER_VALUE_CHARS = 512;
/** pySigma reads `%\w+%`; the same characters, bounded. */
const NAME = /^\w{1,64}$/;

export type PlaceholderFieldErrors = Partial<Record<"name" | "values", string>>;

export function listPlaceholders(tenantId: string): { name: string; values: string[] }[] {
  return db
    .select({ name: detectionPlaceholders.name, values: detectionPlaceholders.values })
    .from(detectionPlaceholders)
    .where(eq(detectionPlaceholders.tenantId, tenantId))
    .orderBy(detectionPlaceholders.name)
    .all();
}

/** Reads the form's name and values (one per line); answers field errors instead of throwing. */
export function parsePlaceholder(
  nameInput: unknown,
  valuesInput: unknown,
): { name: string; values: string[] } | { errors: PlaceholderFieldErrors } {
  const name = String(nameInput ?? "")
    .trim()
    .replace(/^%(.*)%$/, "$1");
  const errors: PlaceholderFieldErrors = {};
  if (!NAME.test(name)) errors.name = "Use 1 to 64 letters, digits or underscores, e.g. Admins_Workstations.";
  const values = [
    ...new Set(
      String(valuesInput ?? "")
        .split(/\r?\n/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length === 0) errors.values = "Give at least one value, one per line.";
  else if (values.length > MAX_PLACEHOLDER_VALUES) errors.values = `At most ${MAX_PLACEHOLDER_VALUES} values.`;
  else if (values.some((v) => v.length > MAX_PLACEHOLDER_VALUE_CHARS))
    errors.values = `A value is at most ${MAX_PLACEHOLDER_VALUE_CHARS} characters.`;
  return Object.keys(errors).length ? { errors } : { name, values };
}

/** Adds or replaces a list. */
export function savePlaceholder(
  tenantId: string,
  name: string,
  values: string[],
  now = Date.now(),
): { ok: true } | { errors: PlaceholderFieldErrors } {
  const existing = tenantPlaceholders(tenantId);
  if (!(name in existing) && Object.keys(existing).length >= MAX_PLACEHOLDERS)
    return { errors: { name: `An organization keeps at most ${MAX_PLACEHOLDERS} placeholders.` } };
  db.insert(detectionPlaceholders)
    .values({ tenantId, name, values, updatedAt: now })
    .onConflictDoUpdate({
      target: [detectionPlaceholders.tenantId, detectionPlaceholders.name],
      set: { values, updatedAt: now },
    })
    .run();
  invalidateRules(tenantId);
  return { ok: true };
}

/** Removes a list unless a stored rule needs it; then answers the titles of those rules. */
export function removePlaceholder(tenantId: string, name: string): { ok: true } | { usedBy: string[] } | null {
  const placeholders = tenantPlaceholders(tenantId);
  if (!(name in placeholders)) return null;
  const without = { ...placeholders };
  delete without[name];
  const usedBy: string[] = [];
  const token = `%${name}%`;
  const candidates = db
    .select({ title: detectionRules.title, yaml: detectionRules.yaml })
    .from(detectionRules)
    .where(eq(detectionRules.tenantId, tenantId))
    .all()
    .filter((r) => r.yaml.includes(token));
  for (const r of candidates) {
    try {
      // a correlation file's base rules may use the list too
      loadSigmaFile(r.yaml, { placeholders: without });
    } catch (e) {
      if (e instanceof SigmaRuleError && e.message.includes(`Placeholder ${token}`)) usedBy.push(r.title);
    }
  }
  if (usedBy.length) return { usedBy };
  db.delete(detectionPlaceholders)
    .where(and(eq(detectionPlaceholders.tenantId, tenantId), eq(detectionPlaceholders.name, name)))
    .run();
  invalidateRules(tenantId);
  return { ok: true };
}

/**
 * A tenant's public slug and time zone.
 *
 * Slug: the tenant's address on public pages (/privacy-request/<slug>). It is
 * derived from the organization's name the first time a page needs one, made
 * unique with a numeric suffix, and never changed afterwards: a link a tenant
 * has published keeps working after a rename.
 * Time zone: an IANA zone name, UTC until an owner or admin sets another; the
 * tenant's calendar dates (privacy due dates) are days in this zone.
 */
import { eq } from "drizzle-orm";
import { tenants } from "./schema";
import { db } from "~/lib/db.server";
import { displayTenantName } from "~/lib/plans";

export const SLUG_MAX = 40;
const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** "Acme Café (Business)" -> "acme-cafe". Linear: one pass over at most 200 characters. */
export function slugify(name: string): string {
  const base = displayTenantName(name.slice(0, 200))
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  let out = "";
  let dash = false;
  for (const ch of base) {
    if ((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")) {
      if (dash && out) out += "-";
      out += ch;
      dash = false;
    } else dash = true;
    if (out.length >= SLUG_MAX) break;
  }
  out = out.slice(0, SLUG_MAX).replace(/-+$/, "");
  return out || "organization";
}

export const isSlug = (value: string) => SLUG_RE.test(value);

/** The tenant's slug, assigned now if it has none. */
export function ensureTenantSlug(tenantId: string): string {
  // Read first: once assigned, a slug is only ever read (no write lock on every page view).
  const known = db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId)).get()?.slug;
  if (known) return known;
  return db.transaction(
    () => {
      const row = db
        .select({ name: tenants.name, slug: tenants.slug })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .get();
      if (!row) throw new Error("No such tenant");
      if (row.slug) return row.slug;
      const base = slugify(row.name);
      for (let n = 1; ; n++) {
        const suffix = n === 1 ? "" : `-${n}`;
        const candidate = base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "") + suffix;
        const taken = db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, candidate)).get();
        if (!taken) {
          db.update(tenants).set({ slug: candidate }).where(eq(tenants.id, tenantId)).run();
          return candidate;
        }
      }
    },
    { behavior: "immediate" },
  );
}

export function findTenantBySlug(slug: string) {
  if (!isSlug(slug)) return null;
  return (
    db
      .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, timeZone: tenants.timeZone })
      .from(tenants)
      .where(eq(tenants.slug, slug))
      .get() ?? null
  );
}

export function getTenantTimeZone(tenantId: string): string {
  return db.select({ tz: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)).get()?.tz ?? "UTC";
}

/** Callers validate the zone (app/modules/privacy/deadlines.ts isTimeZone). */
export function setTenantTimeZone(tenantId: string, timeZone: string) {
  db.update(tenants).set({ timeZone }).where(eq(tenants.id, tenantId)).run();
}

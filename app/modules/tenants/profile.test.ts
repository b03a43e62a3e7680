// Tenant slugs (derived from the name, unique, stable after a rename) and time zones, on a real database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenants } from "./schema";
import { db } from "~/lib/db.server";
import { signedInUser } from "../../../tests/unit/helpers";
import {
  ensureTenantSlug,
  findTenantBySlug,
  getTenantTimeZone,
  isSlug,
  setTenantTimeZone,
  slugify,
} from "./profile.server";

const rename = (tenantId: string, name: string) =>
  db.update(tenants).set({ name }).where(eq(tenants.id, tenantId)).run();

describe("slugify", () => {
  it("keeps letters and digits, folds accents, drops the plan suffix", () => {
    expect(slugify("Acme Café (Business)")).toBe("acme-cafe");
    expect(slugify("  Müller & Söhne GmbH  ")).toBe("muller-sohne-gmbh");
    expect(slugify("北京")).toBe("organization");
    expect(slugify("---")).toBe("organization");
    expect(slugify("a".repeat(500))).toHaveLength(40);
    expect(isSlug(slugify("Über-long name, with punctuation!!! and more words than fit in forty"))).toBe(true);
  });
});

describe("ensureTenantSlug", () => {
  it("is unique across tenants and never changes after a rename", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    rename(a.tenantId, "Northwind Traders");
    rename(b.tenantId, "Northwind  Traders!");
    const sa = ensureTenantSlug(a.tenantId);
    const sb = ensureTenantSlug(b.tenantId);
    expect(sa).toBe("northwind-traders");
    expect(sb).toBe("northwind-traders-2");
    rename(a.tenantId, "Contoso");
    expect(ensureTenantSlug(a.tenantId)).toBe("northwind-traders");
    expect(findTenantBySlug("northwind-traders")?.id).toBe(a.tenantId);
    expect(findTenantBySlug("../etc")).toBeNull();
    expect(findTenantBySlug("nobody-here")).toBeNull();
  });
});

describe("time zone", () => {
  it("is UTC until set", async () => {
    const t = await signedInUser();
    expect(getTenantTimeZone(t.tenantId)).toBe("UTC");
    setTenantTimeZone(t.tenantId, "America/Sao_Paulo");
    expect(getTenantTimeZone(t.tenantId)).toBe("America/Sao_Paulo");
  });
});

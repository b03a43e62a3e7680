import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createUser } from "~/modules/accounts/accounts.server";
import { raiseAlert } from "~/modules/alerts";
import { hunt as huntResult } from "./hunt.server";

const hunt = (tenantId: string, q: string) => huntResult(tenantId, q)?.hits ?? [];

async function tenant() {
  return (await createUser(`h-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests")).tenantId;
}

describe("threat hunting", () => {
  it("finds an indicator in the tenant's alerts, case-insensitively, and never in another tenant's", async () => {
    const a = await tenant();
    const b = await tenant();
    raiseAlert({
      tenantId: a,
      source: "test",
      severity: "high",
      title: "Login from evil-login.test",
      detail: "seen twice",
      dedupeKey: "h1",
    });
    raiseAlert({
      tenantId: b,
      source: "test",
      severity: "high",
      title: "Login from evil-login.test (tenant B)",
      dedupeKey: "h2",
    });
    const hits = hunt(a, "EVIL-login");
    expect(hits.map((h) => h.title)).toEqual(["Login from evil-login.test"]);
    expect(hits[0]).toMatchObject({ kind: "Alert", level: "high" });
    expect(hunt(a, "nothing like this")).toEqual([]);
    expect(hunt(a, "   ")).toEqual([]);
  });

  it("treats % and _ as literal characters, not wildcards", async () => {
    const t = await tenant();
    raiseAlert({ tenantId: t, source: "test", severity: "low", title: "Disk 100% full", dedupeKey: "p1" });
    raiseAlert({ tenantId: t, source: "test", severity: "low", title: "Disk 1000 full", dedupeKey: "p2" });
    raiseAlert({ tenantId: t, source: "test", severity: "low", title: "user_name changed", dedupeKey: "p3" });
    raiseAlert({ tenantId: t, source: "test", severity: "low", title: "username changed", dedupeKey: "p4" });
    expect(hunt(t, "100%").map((h) => h.title)).toEqual(["Disk 100% full"]);
    expect(hunt(t, "user_name").map((h) => h.title)).toEqual(["user_name changed"]);
    expect(hunt(t, "%").map((h) => h.title)).toEqual(["Disk 100% full"]);
  });
});

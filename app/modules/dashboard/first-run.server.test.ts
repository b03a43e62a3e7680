import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { invitations, phishingItems, watchedIdentities } from "@db/schema";
import { db } from "~/lib/db.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { labelStep } from "~/components/charts/line-chart";
import { dashboardData } from "./dashboard.server";
import { firstRunState } from "./first-run.server";

async function tenant() {
  return (await createUser(`f-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests")).tenantId;
}

describe("first run", () => {
  it("a fresh tenant has every step open", async () => {
    const t = await tenant();
    const s = firstRunState(t);
    expect(s.checklist.map((c) => [c.label, c.done])).toEqual([
      ["Watch your e-mail addresses", false],
      ["Analyse a suspicious message", false],
      ["Upload a lockfile or add your site", false],
      ["Add a privacy request", false],
      ["Invite a colleague", false],
    ]);
    // The API keeps its pinned shape: the first-run state is the page's.
    expect(Object.keys(dashboardData(t))).not.toContain("firstRun");
  });

  it("ticks steps from stored data", async () => {
    const t = await tenant();
    const other = await tenant();
    db.insert(phishingItems)
      .values({
        id: randomUUID(),
        tenantId: t,
        subject: "s",
        sender: "a@example.com",
        risk: "low",
        score: 5,
        status: "detected",
        rationale: [],
        analysis: {},
      })
      .run();
    db.insert(watchedIdentities)
      .values({ id: randomUUID(), tenantId: t, type: "email", value: "a@example.com", domain: "example.com" } as never)
      .run();
    db.insert(invitations)
      .values({ id: randomUUID(), tenantId: t, tokenHash: randomUUID(), role: "member", expiresAt: Date.now() + 1e6 })
      .run();
    const s = firstRunState(t);
    expect(s.checklist.filter((c) => c.done).map((c) => c.key)).toEqual(["watch", "phishing", "invite"]);
    // Another tenant's data ticks nothing here.
    expect(firstRunState(other).checklist.some((c) => c.done)).toBe(false);
  });
});

describe("chart labels", () => {
  it("thins fourteen dates so they never overprint, keeps every label when they fit", () => {
    const dates = Array.from({ length: 14 }, (_, i) => `11-${String(i + 1).padStart(2, "0")}`);
    const step = labelStep(dates, 276);
    expect(step).toBeGreaterThan(1);
    // Spacing between two drawn labels is at least the widest label.
    expect((276 / 13) * step).toBeGreaterThanOrEqual(5 * 7);
    expect(labelStep(["Jan", "Feb", "Mar"], 276)).toBe(1);
  });
});

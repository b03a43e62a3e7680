import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { phishingItems } from "@db/schema";
import { db } from "~/lib/db.server";
import { loader } from "~/routes/_app.usage";
import { setTenantPlan } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { usageOverWindow } from "./usage.server";

const DAY = 86_400_000;

function analysedAt(tenantId: string, createdAt: number) {
  db.insert(phishingItems)
    .values({
      id: randomUUID(),
      tenantId,
      subject: randomUUID(),
      sender: "a@example.com",
      risk: "low",
      score: 1,
      rationale: [],
      analysis: {},
      createdAt,
    })
    .run();
}

describe("usage analytics over a window (issue 31)", () => {
  it("counts what happened inside the chosen window only", async () => {
    const { tenantId } = await signedInUser();
    const now = Date.now();
    analysedAt(tenantId, now - DAY);
    analysedAt(tenantId, now - 40 * DAY);
    const analysed = (w: "7" | "30" | "90" | "all") =>
      usageOverWindow(tenantId, w, "free", now)
        .modules.flatMap((m) => m.figures)
        .find((f) => f.id === "messages-analysed")!.value;
    expect([analysed("7"), analysed("30"), analysed("90"), analysed("all")]).toEqual([1, 1, 2, 2]);
  });

  it("the page takes ?window=, falls back to 30 days for anything else, and lists achievements", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const load = async (qs: string) =>
      (await settle(() => loader({ request: req(`/usage${qs}`, { cookie }), params: {}, context: {} }))).json();
    expect((await load("?window=7")).usage.window).toBe("7");
    expect((await load("?window=<script>")).usage.window).toBe("30");
    const body = await load("");
    expect(body.achievements.map((a: { id: string }) => a.id)).toContain("first-analysis");
  });
});

// Issue 29, migration 0017: the column `kind` arrives with the default "legitimate"; the migration's own
// UPDATE then marks every message analysed before kinds existed and rated medium or high as "phishing".
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phishingItems } from "./schema";
import { db, sqlite } from "~/lib/db.server";
import { createUser } from "~/modules/accounts/accounts.server";

const MIGRATION = path.join(__dirname, "../../../db/migrations/0017_phishing-kind.sql");

describe("migration 0017 (phishing kind)", () => {
  it("reads old medium and high messages as phishing and old low ones as legitimate", async () => {
    const { tenantId } = await createUser(`kind-${Date.now()}@northwindtraders.com`, "a long enough passphrase 1");
    const row = (id: string, risk: "low" | "medium" | "high") => ({
      id,
      tenantId,
      subject: "old",
      sender: "a@example.com",
      risk,
      score: risk === "low" ? 5 : risk === "medium" ? 30 : 70,
      rationale: [],
      analysis: {},
    });
    // As the rows stood right after the ALTER TABLE: every one at the column default.
    db.insert(phishingItems)
      .values([row("old-low", "low"), row("old-medium", "medium"), row("old-high", "high")])
      .run();
    const sql = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    const update = sql.find((s) => s.includes("UPDATE"))!;
    sqlite().exec(update);
    const kind = (id: string) => db.select().from(phishingItems).where(eq(phishingItems.id, id)).get()?.kind;
    expect(kind("old-low")).toBe("legitimate");
    expect(kind("old-medium")).toBe("phishing");
    expect(kind("old-high")).toBe("phishing");
  });
});

// Issue 31: the same message analysed again is the same item and the same alert (counter and last seen),
// answered as "already analysed"; quarantining the message resolves its alert; the bell shows open high
// and critical alerts without any alert rule.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { alertTimeline, listAlerts, loadBell } from "~/modules/alerts";
import { computePosture } from "~/modules/posture";
import { req, signedInUser } from "../../../tests/unit/helpers";
import { analyzeAndStore, listPhishingItems, setPhishingStatus } from "./phishing.server";

const FIXTURES = path.join(__dirname, "fixtures");
const PHISH = fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml"), "utf8");

describe("re-analysing a message (issue 31)", () => {
  it("keeps one item and one alert with a counter; quarantine resolves the alert", async () => {
    const { tenantId, user, cookie } = await signedInUser(`re-${Date.now()}@northwindtraders.com`);
    const first = await analyzeAndStore({ tenantId, userId: user.id, raw: PHISH });
    expect(first).toMatchObject({ alreadyAnalysed: false, alertOccurrences: 1 });
    const again = await analyzeAndStore({ tenantId, userId: user.id, raw: PHISH });
    expect(again).toMatchObject({ id: first.id, alreadyAnalysed: true, alertOccurrences: 2 });

    expect(listPhishingItems(tenantId)).toHaveLength(1);
    const phishingAlerts = listAlerts(tenantId).filter((a) => a.source === "phishing");
    expect(phishingAlerts).toHaveLength(1);
    expect(phishingAlerts[0]).toMatchObject({ status: "active", occurrences: 2 });
    expect(phishingAlerts[0].lastSeenAt).toBeGreaterThanOrEqual(phishingAlerts[0].createdAt);
    expect(computePosture(tenantId).counts.phishingDetected).toBe(1);

    // The bell shows the open high alert with no alert rule configured.
    const bell = await loadBell(req("/dashboard", { cookie }));
    expect(bell?.openAlerts.total).toBe(1);
    expect(bell?.openAlerts.items[0]).toMatchObject({ id: phishingAlerts[0].id, occurrences: 2 });

    expect(setPhishingStatus(tenantId, first.id, "quarantined", user.id)).toBe(true);
    const resolved = listAlerts(tenantId).find((a) => a.id === phishingAlerts[0].id)!;
    expect(resolved.status).toBe("resolved");
    expect(alertTimeline(tenantId, resolved.id).map((e) => e.kind)).toContain("resolved");
    expect((await loadBell(req("/dashboard", { cookie })))?.openAlerts.total).toBe(0);

    // Analysed once more after quarantine: still the same item, no new alert.
    const third = await analyzeAndStore({ tenantId, userId: user.id, raw: PHISH });
    expect(third).toMatchObject({ id: first.id, alreadyAnalysed: true, status: "quarantined" });
    expect(listAlerts(tenantId).filter((a) => a.source === "phishing")).toHaveLength(1);
    expect(listAlerts(tenantId).filter((a) => a.status !== "resolved")).toHaveLength(0);
  });
});

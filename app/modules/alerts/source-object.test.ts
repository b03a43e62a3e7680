// Issue 31: an alert about a stored object (a message, an exposure, a case's alerts) is one alert per object,
// repeats counted on it, and closing the object resolves it through the lifecycle (timeline included).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { breaches, exposures, watchedIdentities } from "@db/schema";
import { db } from "~/lib/db.server";
import { setExposureStatus } from "~/modules/breach/watchlist.server";
import { createCase, updateCase } from "~/modules/incidents/cases.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { alertForObject, alertTimeline, getAlert, raiseAlertDetailed } from "./index";

describe("alerts per source object", () => {
  it("counts a repeat on the object's alert and keeps its last-seen time", async () => {
    const { tenantId } = await signedInUser();
    const object = { type: "test-object", id: randomUUID() };
    const first = raiseAlertDetailed({ tenantId, source: "test", severity: "high", title: "Seen", object });
    const second = raiseAlertDetailed({ tenantId, source: "test", severity: "high", title: "Seen again", object });
    expect(second).toMatchObject({ id: first.id, created: false, occurrences: 2 });
    expect(alertForObject(tenantId, object)).toMatchObject({ id: first.id, occurrences: 2 });
  });

  it("resolving an exposure resolves its dark web alert", async () => {
    const { tenantId, user } = await signedInUser();
    const identity = randomUUID();
    const breach = randomUUID();
    db.insert(watchedIdentities)
      .values({ id: identity, tenantId, type: "email", value: `${identity}@example.com`, domain: "example.com" })
      .run();
    db.insert(breaches)
      .values({
        id: breach,
        name: breach,
        title: "Shop",
        breachDate: "2024-01-01",
        addedDate: "2024-01-01",
        dataClasses: [],
      })
      .run();
    const exposure = randomUUID();
    db.insert(exposures).values({ id: exposure, tenantId, identityId: identity, breachId: breach }).run();
    const alert = raiseAlertDetailed({
      tenantId,
      source: "dark-web",
      severity: "high",
      title: "Exposed in Shop",
      dedupeKey: `dark-web:${identity}:${breach}`,
    });
    expect(setExposureStatus(tenantId, exposure, "resolved", user.id)).toBe(true);
    expect(getAlert(tenantId, alert.id)?.status).toBe("resolved");
    expect(alertTimeline(tenantId, alert.id).find((e) => e.kind === "resolved")).toBeTruthy();
  });

  it("resolving a case resolves the alerts it was opened from", async () => {
    const { tenantId, user } = await signedInUser();
    const a = raiseAlertDetailed({ tenantId, source: "logs", severity: "high", title: "Failed sign-in burst: root" });
    const actor = { userId: user.id };
    const c = createCase(tenantId, { title: "Brute force", severity: "high", alertIds: [a.id] }, actor);
    expect(getAlert(tenantId, a.id)?.status).toBe("acknowledged");
    updateCase(tenantId, c.id, { status: "investigating" }, actor);
    expect(getAlert(tenantId, a.id)?.status).toBe("acknowledged");
    updateCase(tenantId, c.id, { status: "resolved" }, actor);
    expect(getAlert(tenantId, a.id)?.status).toBe("resolved");
  });
});

/** The trial as /api/trial/status answers it and the shell's plan line words it (issue 31: trial status polled). */
import { describe, expect, it } from "vitest";
import { loader as trialStatus } from "~/routes/api.trial.status";
import { endTrial, startTrial } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../tests/unit/helpers";
import { trialDaysLeft, trialNote } from "./trial-status";

const DAY = 86_400_000;

describe("trial status", () => {
  it("counts whole days left, rounded up, and words the note after the plan name", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    const ends = (ms: number) => new Date(now + ms).toISOString();
    expect(trialDaysLeft("active", ends(14 * DAY), now)).toBe(14);
    expect(trialDaysLeft("active", ends(2 * 3_600_000), now)).toBe(1);
    expect(trialDaysLeft("expired", ends(-DAY), now)).toBeNull();
    expect(trialNote({ status: "active", endsAt: ends(DAY), daysLeft: 1 })).toBe("trial, 1 day left");
    expect(trialNote({ status: "active", endsAt: ends(5 * DAY), daysLeft: 5 })).toBe("trial, 5 days left");
    expect(trialNote({ status: "expired", endsAt: ends(-DAY), daysLeft: null })).toBe("trial ended");
    expect(trialNote({ status: "none", endsAt: null, daysLeft: null })).toBeNull();
    expect(trialNote(null)).toBeNull();
  });

  it("GET /api/trial/status answers the days left, then that the trial ended", async () => {
    const { tenantId, cookie } = await signedInUser();
    const get = async () =>
      (
        await settle(() => trialStatus({ request: req("/api/trial/status", { cookie }), params: {}, context: {} }))
      ).json();
    expect(await get()).toEqual({ status: "none", endsAt: null, daysLeft: null });
    startTrial(tenantId);
    expect(await get()).toMatchObject({ status: "active", daysLeft: 14 });
    endTrial(tenantId);
    expect(await get()).toMatchObject({ status: "expired", daysLeft: null });
  });
});

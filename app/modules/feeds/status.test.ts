/**
 * Issue 30: the feed status page's JSON for monitoring: every feed with its
 * last success, records, next run and last error; a fresh install's feeds are
 * stale (never synced), an admin of another plan gets the plan answer.
 */
import { describe, expect, it } from "vitest";
import { setTenantPlan } from "~/modules/tenants";
import { loader } from "~/routes/admin.feeds[.]json";
import { recordFeedFailure, recordFeedSuccess } from "./state.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

async function get(cookie: string) {
  return settle(() => loader({ request: req("/admin/feeds.json", { cookie }), context: {}, params: {} } as never));
}

describe("GET /admin/feeds.json", () => {
  it("lists every feed; stale until a success, then its records and time; the last error shown", async () => {
    const { cookie, tenantId } = await signedInUser();
    setTenantPlan(tenantId, "enterprise");
    const fresh = await get(cookie);
    expect(fresh.status).toBe(200);
    const { feeds } = await fresh.json();
    expect(feeds.map((f: { feed: string }) => f.feed)).toEqual(
      expect.arrayContaining(["osv:npm", "osv:PyPI", "osv:import", "kev", "epss", "pwned-range", "hibp"]),
    );
    for (const f of feeds) {
      expect(Object.keys(f).sort()).toEqual([
        "enabled",
        "feed",
        "label",
        "lastAttemptAt",
        "lastError",
        "lastSuccessAt",
        "nextRunAt",
        "records",
        "source",
        "stale",
      ]);
    }
    expect(feeds.find((f: { feed: string }) => f.feed === "kev")).toMatchObject({ stale: true, lastSuccessAt: null });
    recordFeedSuccess("kev", { records: 1234 });
    recordFeedFailure("epss", new Error("epss answered 502"));
    const after = (await (await get(cookie)).json()).feeds;
    expect(after.find((f: { feed: string }) => f.feed === "kev")).toMatchObject({ stale: false, records: 1234 });
    expect(after.find((f: { feed: string }) => f.feed === "epss")).toMatchObject({
      stale: true,
      lastError: "epss answered 502",
    });
  });

  it("is refused to a plan without the admin dashboard", async () => {
    const { cookie } = await signedInUser();
    expect((await get(cookie)).status).toBe(403);
  });
});

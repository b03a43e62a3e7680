/**
 * Issue 30: the feed status page's JSON for monitoring: every feed with its
 * last success, records, next run and last error; a fresh install's feeds are
 * stale (never synced). Issue 32: operators see the feeds (the page and its
 * JSON); a customer, even the owner of an Enterprise organization, gets 404.
 */
import { describe, expect, it } from "vitest";
import { setOperator } from "~/modules/accounts";
import { setTenantPlan } from "~/modules/tenants";
import { loader } from "~/routes/admin_.feeds[.]json";
import { loader as pageLoader } from "~/routes/admin_.feeds";
import { recordFeedFailure, recordFeedSuccess } from "./state.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

async function get(cookie: string) {
  return settle(() => loader({ request: req("/admin/feeds.json", { cookie }), context: {}, params: {} } as never));
}

async function getPage(cookie: string) {
  return settle(() => pageLoader({ request: req("/admin/feeds", { cookie }), context: {}, params: {} } as never));
}

async function operator() {
  const signedIn = await signedInUser();
  setOperator(signedIn.user.id, true);
  return signedIn;
}

describe("GET /admin/feeds.json", () => {
  it("lists every feed; stale until a success, then its records and time; the last error shown", async () => {
    const { cookie } = await operator();
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

  it("is a 404 for a customer admin (the owner of an Enterprise organization), signed out the sign-in page", async () => {
    const { cookie, tenantId } = await signedInUser();
    setTenantPlan(tenantId, "enterprise");
    expect((await get(cookie)).status).toBe(404);
    expect((await getPage(cookie)).status).toBe(404);
    expect((await get("")).status).toBe(302);
  });
});

describe("GET /admin/feeds (the page)", () => {
  it("an operator sees every feed", async () => {
    const { cookie } = await operator();
    const res = await getPage(cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.feeds.map((f: { feed: string }) => f.feed)).toEqual(
      expect.arrayContaining(["osv:npm", "kev", "epss", "pwned-range", "hibp"]),
    );
  });
});

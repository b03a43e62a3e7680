// Issue 26, item 5: the three limits on open alert streams, each answered 429 { message, code } with Retry-After,
// and slots given back once (a stream released twice does not free a second slot).
import { describe, expect, it } from "vitest";
import { admitAlertStream, alertStreamStats } from "./stream-admission.server";

async function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, retryAfter: thrown.headers.get("Retry-After"), body: await thrown.json() };
  }
  throw new Error("admitted");
}

describe("admitAlertStream", () => {
  it("refuses past the per-session, per-tenant and overall limits, and counts a release once", async () => {
    const limits = { perSession: 2, perTenant: 3, total: 4 };
    const held = [
      admitAlertStream("s1", "t1", limits),
      admitAlertStream("s1", "t1", limits),
      admitAlertStream("s2", "t1", limits),
    ];
    expect(await refusal(() => admitAlertStream("s1", "t1", limits))).toEqual({
      status: 429,
      retryAfter: "30",
      body: { code: "RATE_LIMITED", message: expect.stringContaining("this session (at most 2)") },
    });
    expect((await refusal(() => admitAlertStream("s3", "t1", limits))).body.message).toContain(
      "this organization (at most 3)",
    );
    held.push(admitAlertStream("s4", "t2", limits));
    expect((await refusal(() => admitAlertStream("s5", "t3", limits))).body.message).toContain(
      "too many open alert streams",
    );
    expect(alertStreamStats()).toMatchObject({ open: 4, sessions: 3, tenants: 2 });
    held[0]();
    held[0]();
    expect(alertStreamStats()).toMatchObject({ open: 3 });
    held.slice(1).forEach((release) => release());
    expect(alertStreamStats()).toEqual({ open: 0, sessions: 0, tenants: 0, listeners: 0 });
  });
});

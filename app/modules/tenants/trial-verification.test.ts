/**
 * Issue 26 §11: a trial opens every Enterprise module, so only a person whose
 * e-mail address is verified may start one, on the page (/settings, /pricing)
 * and on the API (POST /api/trial/start answers 403 EMAIL_NOT_VERIFIED).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { markEmailVerified } from "~/modules/accounts";
import * as settings from "~/routes/_app.settings";
import * as settingsAccount from "~/routes/_app.settings._index";
import * as pricing from "~/routes/_public.pricing";
import * as trialStart from "~/routes/api.trial.start";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { acceptInvitation, createInvitation } from "./members.server";
import { getTrial, startTrial } from "./trials.server";
import { setTenantPlan } from "./tenants.server";

type Fn = (args: unknown) => unknown;
beforeEach(() => resetRateLimits());

const VERIFY_FIRST = /^Verify your e-mail address before starting a trial/;

const settingsPost = (cookie: string) =>
  settle(() =>
    (settings.action as Fn)({
      request: req("/settings", {
        method: "POST",
        cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=start-trial",
      }),
      params: {},
      context: {},
    }),
  );
const apiPost = (cookie: string, method = "POST") =>
  settle(() =>
    (trialStart.action as Fn)({ request: req("/api/trial/start", { method, cookie }), params: {}, context: {} }),
  );

describe("an unverified account cannot start a trial", () => {
  it("/settings and /pricing say why instead of offering the button; the form post is refused 403", async () => {
    const u = await signedInUser(undefined, { verified: false });
    const page = await settle(() =>
      (settingsAccount.loader as Fn)({ request: req("/settings", { cookie: u.cookie }), params: {}, context: {} }),
    );
    expect((await page.json()).trialUnavailable).toMatch(VERIFY_FIRST);
    const offer = await settle(() =>
      (pricing.loader as Fn)({ request: req("/pricing", { cookie: u.cookie }), params: {}, context: {} }),
    );
    expect((await offer.json()).trial).toEqual({ kind: "unverified", message: expect.stringMatching(VERIFY_FIRST) });

    const res = await settingsPost(u.cookie);
    expect(res.status).toBe(403);
    expect((await res.json()).errors.trial).toMatch(VERIFY_FIRST);
    expect(getTrial(u.tenantId).status).toBe("none");
  });

  it("POST /api/trial/start answers 403 { message, code: EMAIL_NOT_VERIFIED }; once verified, 201 and the trial is active", async () => {
    const u = await signedInUser(undefined, { verified: false });
    const refused = await apiPost(u.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(VERIFY_FIRST), code: "EMAIL_NOT_VERIFIED" });
    expect(getTrial(u.tenantId).status).toBe("none");

    markEmailVerified(u.user.id);
    const started = await apiPost(u.cookie);
    expect(started.status).toBe(201);
    expect(await started.json()).toEqual({ status: "active", endsAt: expect.any(String) });
    // One per organization and person: the second is refused, saying why.
    const again = await apiPost(u.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: "This organization has already used its free trial.",
      code: "CONFLICT",
    });
  });

  it("the API is for owners and POST only; signed out is 401", async () => {
    const owner = await signedInUser();
    const viewer = await signedInUser();
    setTenantPlan(viewer.tenantId, "pro"); // free allows one organization, which "Personal" already is
    acceptInvitation(createInvitation(owner.tenantId, "viewer", owner.user.id).token, viewer.user.id);
    const asViewer = await settle(() =>
      (trialStart.action as Fn)({
        request: req("/api/trial/start", { method: "POST", cookie: viewer.cookie, tenantId: owner.tenantId }),
        params: {},
        context: {},
      }),
    );
    expect(asViewer.status).toBe(403);
    expect((await asViewer.json()).code).toBe("FORBIDDEN");
    expect(getTrial(owner.tenantId).status).toBe("none");
    expect((await apiPost("")).status).toBe(401);
    expect(
      (await settle(() => (trialStart.loader as Fn)({ request: req("/api/trial/start"), params: {}, context: {} })))
        .status,
    ).toBe(405);
  });

  it("an operator may still start one for an organization whose owner is unverified", async () => {
    const u = await signedInUser(undefined, { verified: false });
    expect(startTrial(u.tenantId).status).toBe("active");
  });
});

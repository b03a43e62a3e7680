import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { domainErrorResponse, domainFieldError } from "./http.server";
import { action as startTrialApi } from "~/routes/api.trial.start";
import { action as escalationPolicies } from "~/routes/_app.admin.escalation-policies";
import { setTenantPlan, TrialError } from "~/modules/tenants";
import { PolicyError } from "~/modules/alerts/escalation.server";
import { req, settle, signedInUser } from "../../tests/unit/helpers";

describe("DomainError: one type, one translation to HTTP", () => {
  it("module errors are DomainErrors with their status and catalogue code", () => {
    expect(new TrialError("used")).toBeInstanceOf(DomainError);
    expect(new TrialError("used")).toMatchObject({ status: 409, code: "CONFLICT" });
    expect(new TrialError("verify", "EMAIL_NOT_VERIFIED")).toMatchObject({ status: 403, code: "EMAIL_NOT_VERIFIED" });
    expect(new PolicyError("name", "Give the policy a name")).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      field: "name",
    });
  });

  it("an API answers { message, code } with the error's status; anything else stays a failure", async () => {
    const res = domainErrorResponse(new PolicyError("name", "Give the policy a name"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Give the policy a name", code: "VALIDATION_ERROR" });
    const bug = new TypeError("bug");
    expect(() => domainErrorResponse(bug)).toThrow(bug);
    expect(() => domainFieldError(bug)).toThrow(bug);
    expect(domainFieldError(new DomainError("Nope"))).toMatchObject({ field: "form", status: 400 });
  });

  it("a refusal thrown by a module service reaches the API as its status and code", async () => {
    const owner = await signedInUser();
    const start = () =>
      settle(() =>
        startTrialApi({
          request: req("/api/trial/start", { method: "POST", cookie: owner.cookie, tenantId: owner.tenantId }),
          params: {},
          context: {},
        }),
      );
    expect((await start()).status).toBe(201);
    const again = await start();
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.code).toBe("CONFLICT");
    expect(body.message).toMatch(/already used its free trial/);
  });

  it("the same kind of error reaches a form as a message next to its field", async () => {
    const owner = await signedInUser();
    setTenantPlan(owner.tenantId, "business");
    const res = await settle(() =>
      escalationPolicies({
        request: req("/admin/escalation-policies", {
          method: "POST",
          cookie: owner.cookie,
          tenantId: owner.tenantId,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "   ", "step0.wait": "5" }),
        }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ name: "Give the policy a name (up to 100 characters)" });
  });
});

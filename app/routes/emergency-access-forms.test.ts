/**
 * What a person can send to the emergency access forms: field errors with 400 next to the field, 404 for unknown
 * contacts, 409 for a duplicate, a redirect with a fixed word for a contact's answer; never a 500.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { setTenantPlan } from "~/modules/tenants";
import { action as pageAction, loader as pageLoader } from "./_app.emergency-access";
import { action as answerAction } from "./emergency-access.nominations";
import { req, settle, signedInUser } from "../../tests/unit/helpers";

const CTX = { clientIp: "198.51.100.35" };
beforeEach(() => resetRateLimits());

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  req(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("the emergency access forms", () => {
  it("answer bad input with the field's message, never a 500", async () => {
    const owner = await signedInUser();
    setTenantPlan(owner.tenantId, "business");
    const send = async (fields: Record<string, string>) => {
      const res = await settle(() =>
        pageAction({ request: post("/emergency-access", owner.cookie, fields), params: {}, context: CTX }),
      );
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    const base = { intent: "add", email: "friend@example.org", level: "view", waitDays: "1", grantDays: "7" };
    expect(await send({ ...base, email: "not an address" })).toMatchObject({ status: 400 });
    expect((await send({ ...base, waitDays: "0" })).body.errors.waitDays).toBe("The wait period is 1 to 30 days.");
    expect((await send({ ...base, waitDays: "31" })).body.errors.waitDays).toBe("The wait period is 1 to 30 days.");
    expect((await send({ ...base, waitDays: "1.5" })).body.errors.waitDays).toBe("Give whole days.");
    expect((await send({ ...base, grantDays: "abc" })).status).toBe(400);
    expect((await send({ ...base, level: "root" })).body.errors.level).toBe("Choose an access level.");
    expect((await send({ ...base, email: owner.user.email })).body.errors.email).toBe(
      "You cannot name yourself as your own trusted contact.",
    );
    expect((await send({ ...base, email: `${"a".repeat(5000)}@example.org` })).status).toBe(400);
    expect(await send(base)).toMatchObject({ status: 200 });
    expect(await send(base)).toMatchObject({ status: 409 });
    expect((await send({ intent: "reject", contactId: randomUUID() })).status).toBe(404);
    expect((await send({ intent: "revoke", contactId: "" })).status).toBe(400);
    expect((await send({ intent: "drop-tables" })).status).toBe(400);
    const page = await settle(() =>
      pageLoader({
        request: req("/emergency-access?done=<script>&failed=x", { cookie: owner.cookie }),
        params: {},
        context: CTX,
      }),
    );
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("<script>");
  });

  it("a contact's answer always comes back to the page with a fixed word", async () => {
    const person = await signedInUser();
    const bodies: Record<string, string>[] = [
      {},
      { intent: "accept", contactId: randomUUID() },
      { intent: "x", contactId: "y" },
    ];
    for (const fields of bodies) {
      const res = await settle(() =>
        answerAction({
          request: post("/emergency-access/nominations", person.cookie, fields),
          params: {},
          context: CTX,
        }),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/emergency-access\?failed=(missing|invalid)$/);
    }
  });
});

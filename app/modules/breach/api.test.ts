// The JSON API of the breach module, through its resource routes.
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { action as checkAction } from "~/routes/api.breaches.check";
import { action as setStatus } from "~/routes/api.dark-web.exposures.$id";
import { loader as listExposuresRoute } from "~/routes/api.dark-web.exposures";
import { action as addIdentity, loader as listIdentities } from "~/routes/api.dark-web.identities";
import { breachHmacKey } from "./breach.server";
import { importBreachFile } from "./import";

const IP = { clientIp: "192.0.2.44" };

async function call(
  fn: (args: never) => Promise<unknown>,
  url: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
  params: Record<string, string> = {},
) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`http://localhost${url}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  let res: Response;
  try {
    res = (await fn({ request, context: IP, params } as never)) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    res = thrown;
  }
  return { status: res.status, body: await res.json() };
}

let n = 0;
async function signedIn() {
  const { user, tenantId } = await createUser(`api${++n}-${Date.now()}@example.com`, "a long enough passphrase 1");
  const cookie = (
    await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId })
  ).split(";")[0];
  return { tenantId, cookie };
}

beforeEach(() => resetRateLimits());

describe("breach API", () => {
  it("POST /api/breaches/check answers no-data, then exposed/clean; 400 for a bad address; 429 past the limit", async () => {
    expect(
      await call(checkAction, "/api/breaches/check", { method: "POST", body: { email: "alice@example.com" } }),
    ).toEqual({ status: 200, body: { state: "no-data" } });
    await importBreachFile(db, path.resolve("db/seed/breaches/example-shop.json"), { hmacKey: breachHmacKey() });
    const exposed = await call(checkAction, "/api/breaches/check", {
      method: "POST",
      body: { email: "alice@example.com" },
    });
    expect(exposed.status).toBe(200);
    expect(exposed.body.state).toBe("exposed");
    expect(exposed.body.breaches[0]).toMatchObject({
      name: "ExampleShop",
      dataClasses: ["Email addresses", "Names", "Passwords", "Phone numbers"],
    });
    expect(
      (await call(checkAction, "/api/breaches/check", { method: "POST", body: { email: "x" } })).body,
    ).toMatchObject({ code: "VALIDATION_ERROR" });
    for (let i = 0; i < 27; i++)
      await call(checkAction, "/api/breaches/check", { method: "POST", body: { email: "nobody@example.com" } });
    expect(
      await call(checkAction, "/api/breaches/check", { method: "POST", body: { email: "nobody@example.com" } }),
    ).toEqual({
      status: 429,
      body: { message: "Too many requests", code: "RATE_LIMITED" },
    });
  });

  it("watchlist and exposures: 401 signed out, 201 on add, tenant-scoped 404 on another tenant's exposure", async () => {
    expect((await call(listIdentities, "/api/dark-web/identities")).status).toBe(401);
    const a = await signedIn();
    const b = await signedIn();
    const added = await call(addIdentity, "/api/dark-web/identities", {
      method: "POST",
      body: { value: "Bob@Example.com" },
      cookie: a.cookie,
    });
    expect(added.status).toBe(201);
    expect(added.body.identity).toMatchObject({
      email: "bob@example.com",
      type: "email",
      status: "breached",
      severity: "high",
      breachCount: 1,
    });
    expect(
      (
        await call(addIdentity, "/api/dark-web/identities", {
          method: "POST",
          body: { value: "bob@example.com" },
          cookie: a.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(addIdentity, "/api/dark-web/identities", { method: "POST", body: { value: "" }, cookie: a.cookie }))
        .status,
    ).toBe(400);
    expect((await call(listIdentities, "/api/dark-web/identities", { cookie: b.cookie })).body).toEqual({
      identities: [],
    });

    const { body } = await call(listExposuresRoute, "/api/dark-web/exposures", { cookie: a.cookie });
    const id = body.exposures[0].id;
    const url = `/api/dark-web/exposures/${id}`;
    expect(
      await call(setStatus, url, { method: "POST", body: { status: "resolved" }, cookie: b.cookie }, { id }),
    ).toEqual({
      status: 404,
      body: { message: "Resource not found", code: "NOT_FOUND" },
    });
    expect(
      (await call(setStatus, url, { method: "POST", body: { status: "done" }, cookie: a.cookie }, { id })).status,
    ).toBe(400);
    const resolved = await call(
      setStatus,
      url,
      { method: "POST", body: { status: "resolved" }, cookie: a.cookie },
      { id },
    );
    expect(resolved).toMatchObject({ status: 200, body: { exposure: { id, status: "resolved" } } });
    expect(
      (await call(listIdentities, "/api/dark-web/identities", { cookie: a.cookie })).body.identities[0],
    ).toMatchObject({ status: "clean" });
  });
});

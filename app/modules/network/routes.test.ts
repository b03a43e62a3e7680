/**
 * The pinned import API (issue 36) through the route files: POST /api/network/scans as JSON and as multipart
 * answers 201 with exactly the documented shape; GET /api/network/scans/:id/changes?since= answers ndiff's view;
 * errors are { message, code } with 400, 404 and 413, never a 500.
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { action as importAction } from "~/routes/api.network.scans";
import { loader as changesLoader } from "~/routes/api.network.scans.$id.changes";
import { closeNmapPool } from "./parse-pool.server";

const FIXTURES = path.resolve(__dirname, "../../../tests/fixtures/network");
const first = fs.readFileSync(path.join(FIXTURES, "loopback-1.xml"), "utf8");
const second = fs.readFileSync(path.join(FIXTURES, "loopback-2.xml"), "utf8");
const BASE = "http://localhost";

let cookie: string;
beforeAll(async () => {
  resetRateLimits();
  const { user, tenantId } = await createUser(
    `net-api-${randomUUID().slice(0, 8)}@example.com`,
    "a long enough passphrase 1",
  );
  markEmailVerified(user.id);
  setTenantPlan(tenantId, "business");
  cookie = (await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId })).split(";")[0]!;
});
afterAll(() => closeNmapPool());

async function answer(p: Promise<unknown> | unknown): Promise<{ status: number; body: any }> {
  let out: unknown;
  try {
    out = await p;
  } catch (thrown) {
    out = thrown;
  }
  const res = out as Response;
  return { status: res.status, body: await res.json() };
}

const postJson = (body: unknown) =>
  answer(
    importAction({
      request: new Request(`${BASE}/api/network/scans`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      params: {},
      context: {},
    }),
  );

const changes = (id: string, since?: string) =>
  answer(
    changesLoader({
      request: new Request(`${BASE}/api/network/scans/${id}/changes${since ? `?since=${since}` : ""}`, {
        headers: { Cookie: cookie },
      }),
      params: { id },
      context: {},
    }),
  );

describe("POST /api/network/scans and GET …/changes", () => {
  it("imports JSON and multipart with the pinned shapes, and answers the drift", async () => {
    const a = await postJson({ filename: "loopback-1.xml", content: first });
    expect(a.status).toBe(201);
    expect(Object.keys(a.body).sort()).toEqual(["findings", "hosts", "id", "startedAt"]);
    expect(a.body.startedAt).toBe(new Date(1795786870000).toISOString());
    expect(Object.keys(a.body.hosts[0]).sort()).toEqual(["address", "hostnames", "ports"]);
    expect(Object.keys(a.body.hosts[0].ports[0]).sort()).toEqual([
      "cpe",
      "port",
      "product",
      "protocol",
      "service",
      "state",
      "version",
    ]);
    expect(a.body.findings.length).toBeGreaterThan(0);
    for (const f of a.body.findings)
      expect(Object.keys(f).sort()).toEqual(["check", "host", "port", "severity", "title"]);
    expect(a.body.findings.map((f: { check: string }) => f.check)).toEqual(
      expect.arrayContaining(["cert-self-signed", "cache-exposed"]),
    );

    const form = new FormData();
    form.set("file", new File([second], "loopback-2.xml", { type: "text/xml" }));
    const b = await answer(
      importAction({
        request: new Request(`${BASE}/api/network/scans`, { method: "POST", headers: { Cookie: cookie }, body: form }),
        params: {},
        context: {},
      }),
    );
    expect(b.status).toBe(201);

    const d = await changes(b.body.id, a.body.id);
    expect(d.status).toBe(200);
    expect(Object.keys(d.body).sort()).toEqual(["changed", "closed", "opened"]);
    expect(d.body.opened).toEqual([]);
    expect(d.body.closed).toHaveLength(1);
    expect(Object.keys(d.body.closed[0]).sort()).toEqual(["host", "port", "service"]);
    expect(d.body.closed[0].host).toBe("127.0.0.1");
  });

  it("answers { message, code } errors: 400 not Nmap XML or no content, 404 unknown scan, 413 too large", async () => {
    const notXml = await postJson({ filename: "a.xml", content: "<html></html>" });
    expect(notXml).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    expect(notXml.body.message).toMatch(/not Nmap XML/);
    expect(await postJson({ filename: "a.xml" })).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    expect(await postJson([1, 2])).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    const big = await postJson({ filename: "big.xml", content: `<nmaprun>${"x".repeat(17 * 1024 * 1024)}</nmaprun>` });
    expect(big).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await changes(randomUUID())).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });
});

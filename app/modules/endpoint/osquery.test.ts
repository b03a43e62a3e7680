// A simulated osquery agent that follows the TLS remote API as osquery's documentation shows it (request and
// response bodies of enroll, config, log, distributed/read and distributed/write), and the collector script run on
// this machine, its real dpkg inventory posted with an API token. Real requests, this file's own SQLite database.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { setTenantPlan } from "~/modules/tenants";
import { createApiToken } from "~/modules/api-tokens";
import { action as enrollApi } from "~/routes/api.osquery.enroll";
import { action as configApi } from "~/routes/api.osquery.config";
import { action as logApi } from "~/routes/api.osquery.log";
import { action as readApi } from "~/routes/api.osquery.distributed.read";
import { action as writeApi } from "~/routes/api.osquery.distributed.write";
import { action as inventoryApi } from "~/routes/api.endpoints.inventory";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { createEnrollSecret, listHosts, listPolicies, revokeEnrollSecret } from "./hosts.server";
import { db } from "~/lib/db.server";
import { endpointPackages } from "./schema";
import { vulnerableSoftware } from "./vulnerable.server";
import { readOsvRecord, upsertAdvisories } from "~/modules/vulnerability/index.server";
import { eq } from "drizzle-orm";
import { listAlerts } from "~/modules/alerts";

const CTX = { clientIp: "198.51.100.4" };
const call = async (fn: (a: never) => unknown, url: string, body: unknown, headers: Record<string, string> = {}) => {
  const request = req(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await settle(() => fn({ request, params: {}, context: CTX } as never));
  return { status: res.status, body: await res.json() };
};

// osquery's host_details as the TLS enroll plugin sends them (every value a string).
const HOST_DETAILS = {
  os_version: {
    name: "Debian GNU/Linux",
    version: "12 (bookworm)",
    major: "12",
    minor: "0",
    patch: "0",
    build: "",
    platform: "debian",
    platform_like: "",
    codename: "bookworm",
    arch: "x86_64",
  },
  osquery_info: { version: "5.12.1", build_platform: "linux", build_distro: "centos7", extensions: "active" },
  system_info: {
    hostname: "web-1",
    uuid: "4C4C4544-0042-3510-8052-B8C04F4E3632",
    cpu_brand: "Intel",
    physical_memory: "8589934592",
  },
  platform_info: { vendor: "SeaBIOS" },
};

async function businessWithSecret() {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  const secret = createEnrollSecret(owner.tenantId, owner.user.id, "Servers");
  return { owner, secret };
}

async function enrol(secret: string, hostIdentifier = "4C4C4544-0042-3510-8052-B8C04F4E3632") {
  return call(enrollApi, "/api/osquery/enroll", {
    enroll_secret: secret,
    host_identifier: hostIdentifier,
    platform_type: "9",
    host_details: HOST_DETAILS,
  });
}

beforeEach(() => resetRateLimits());

describe("osquery TLS remote API", () => {
  it("enrols, hands out the config, stores result logs and evaluates policies from distributed queries", async () => {
    const { owner, secret } = await businessWithSecret();
    const enrolled = await enrol(secret.secret);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ node_key: expect.stringMatching(/^rmpn_/), node_invalid: false });
    const node_key = enrolled.body.node_key as string;

    const config = await call(configApi, "/api/osquery/config", { node_key });
    expect(config.status).toBe(200);
    expect(config.body.node_invalid).toBe(false);
    expect(config.body.schedule.rampart_deb_packages).toMatchObject({
      query: expect.stringContaining("deb_packages"),
      snapshot: true,
    });

    // Result logs in osquery's snapshot event format.
    const snapshot = (name: string, rows: Record<string, string>[]) => ({
      name,
      hostIdentifier: "4C4C4544-0042-3510-8052-B8C04F4E3632",
      calendarTime: "Fri Nov 27 14:00:00 2026 UTC",
      unixTime: 1795788000,
      epoch: 0,
      counter: 0,
      numerics: false,
      action: "snapshot",
      snapshot: rows,
    });
    const logged = await call(logApi, "/api/osquery/log", {
      node_key,
      log_type: "result",
      data: [
        snapshot("rampart_os_version", [
          { name: "Debian GNU/Linux", version: "12 (bookworm)", major: "12", minor: "0", platform: "debian" },
        ]),
        snapshot("pack_rampart_rampart_deb_packages", [
          { name: "openssl", version: "3.0.15-1~deb12u1" },
          { name: "openssh-server", version: "1:9.2p1-2+deb12u3" },
        ]),
        snapshot("rampart_users", [
          { uid: "0", username: "root" },
          { uid: "1000", username: "alice" },
        ]),
        snapshot("rampart_listening_ports", [{ port: "22", protocol: "6", address: "0.0.0.0", process: "sshd" }]),
      ],
    });
    expect(logged).toEqual({ status: 200, body: { node_invalid: false } });
    const status = await call(logApi, "/api/osquery/log", {
      node_key,
      log_type: "status",
      data: [{ severity: "0", filename: "tls.cpp", line: "1", message: "hello", version: "5.12.1" }],
    });
    expect(status.status).toBe(200);

    const packages = db.select().from(endpointPackages).where(eq(endpointPackages.tenantId, owner.tenantId)).all();
    expect(packages.map((p) => [p.name, p.version, p.ecosystem]).sort()).toEqual([
      ["openssh-server", "1:9.2p1-2+deb12u3", "Debian:12"],
      ["openssl", "3.0.15-1~deb12u1", "Debian:12"],
    ]);

    const read = await call(readApi, "/api/osquery/distributed/read", { node_key });
    expect(read.status).toBe(200);
    const queries = read.body.queries as Record<string, string>;
    const ids = Object.keys(queries);
    expect(ids.length).toBeGreaterThanOrEqual(8); // the Linux policies
    const idOf = (fragment: string) => ids.find((id) => queries[id].includes(fragment))!;
    const written = await call(writeApi, "/api/osquery/distributed/write", {
      node_key,
      queries: {
        [idOf("disk_encryption")]: [{ "1": "1" }],
        [idOf("iptables")]: [],
        [idOf("PermitRootLogin")]: [],
        [idOf("os_version")]: [],
      },
      statuses: {
        [idOf("disk_encryption")]: 0,
        [idOf("iptables")]: 0,
        [idOf("PermitRootLogin")]: 1,
        [idOf("os_version")]: 0,
      },
      messages: { [idOf("PermitRootLogin")]: "no such table: augeas" },
    });
    expect(written).toEqual({ status: 200, body: { node_invalid: false } });

    const policies = listPolicies(owner.tenantId);
    const p = (id: string) => policies.find((x) => x.id === id)!;
    expect(p("linux-disk-encryption")).toMatchObject({ passing: 1, failing: 0, compliance: 1 });
    expect(p("linux-firewall")).toMatchObject({ passing: 0, failing: 1, compliance: 0 });
    // The agent could not run it: not checked, never passing.
    expect(p("linux-ssh-root-login")).toMatchObject({ passing: 0, failing: 0, notChecked: 1, compliance: null });
    // Not for this platform: no host to check.
    expect(p("macos-filevault")).toMatchObject({ notChecked: 0, compliance: null });

    // The high-severity failure is an alert; the not-checked one is not.
    const alerts = listAlerts(owner.tenantId, 200, { source: "endpoint" });
    expect(alerts.map((a) => [a.title, a.severity])).toEqual([
      ["web-1: Operating system release still supported (Debian ≥ 12, Ubuntu ≥ 22.04) fails", "high"],
    ]);
    const [host] = listHosts(owner.tenantId);
    expect(host).toMatchObject({
      hostname: "web-1",
      os: "Debian GNU/Linux 12 (bookworm)",
      packages: 2,
      stale: false,
      failing: 2,
    });
    expect(host.failingPolicies.sort()).toEqual([
      "Firewall drops unsolicited input (Linux)",
      "Operating system release still supported (Debian ≥ 12, Ubuntu ≥ 22.04)",
    ]);

    // The policies just answered are not asked again within the hour; unanswered ones are.
    const again = await call(readApi, "/api/osquery/distributed/read", { node_key });
    expect(Object.values(again.body.queries as Record<string, string>).some((q) => q.includes("disk_encryption"))).toBe(
      false,
    );
  });

  it("refuses a wrong or revoked secret and an unknown node key with node_invalid; bad bodies are 400", async () => {
    const { owner, secret } = await businessWithSecret();
    expect(await enrol("rmpe_wrong")).toMatchObject({ status: 401, body: { node_invalid: true } });
    const { body } = await enrol(secret.secret);
    revokeEnrollSecret(owner.tenantId, secret.id);
    expect(await enrol(secret.secret, "other-host")).toMatchObject({ status: 401, body: { node_invalid: true } });
    // Revoking the secret does not cut off hosts already enrolled.
    expect((await call(configApi, "/api/osquery/config", { node_key: body.node_key })).status).toBe(200);
    expect(await call(configApi, "/api/osquery/config", { node_key: "rmpn_nope" })).toMatchObject({
      status: 401,
      body: { node_invalid: true, code: "UNAUTHORIZED" },
    });
    expect(await call(logApi, "/api/osquery/log", "{not json")).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST" },
    });
    expect(
      await call(logApi, "/api/osquery/log", { node_key: body.node_key, log_type: "result", data: "x" }),
    ).toMatchObject({ status: 400 });
  });

  it("refuses agents of an organization whose plan lacks Endpoint Security", async () => {
    const { owner, secret } = await businessWithSecret();
    const { body } = await enrol(secret.secret);
    setTenantPlan(owner.tenantId, "free");
    expect(await enrol(secret.secret)).toMatchObject({ status: 403, body: { code: "UPGRADE_REQUIRED" } });
    expect((await call(readApi, "/api/osquery/distributed/read", { node_key: body.node_key })).status).toBe(403);
  });
});

describe("the collector script", () => {
  it("posts this machine's real inventory with an endpoints:write token and the policies it answers", async () => {
    const { owner } = await businessWithSecret();
    const script = path.resolve("scripts/collector/rampart-collector.sh");
    const json = execFileSync("bash", [script, "--print"], { encoding: "utf8" });
    const token = createApiToken({
      tenantId: owner.tenantId,
      userId: owner.user.id,
      name: "collector",
      scopes: ["endpoints:write"],
    });
    const res = await call(inventoryApi, "/api/endpoints/inventory", json, { Authorization: `Bearer ${token.token}` });
    expect(res.status).toBe(201);
    const sent = JSON.parse(json) as { packages: { name: string }[]; hostname: string };
    expect(res.body.hostname).toBe(sent.hostname);
    expect(res.body.packages).toBe(sent.packages.length);
    if (sent.packages.some((p) => p.name === "dpkg")) {
      // A Debian machine: dpkg's own package is in the inventory with its ecosystem.
      const dpkg = db.select().from(endpointPackages).where(eq(endpointPackages.name, "dpkg")).all();
      expect(dpkg.find((p) => p.tenantId === owner.tenantId)?.ecosystem).toMatch(/^(Debian|Ubuntu):/);
      expect(res.body.policies.map((p: { id: string }) => p.id)).toContain("linux-unattended-upgrades");
    }
    expect(res.body.policies.map((p: { id: string }) => p.id)).toContain("no-extra-uid0");
    const installed = (sent.packages as { name: string; version: string; source: string }[]).find(
      (p) => p.name === "dpkg" && p.source === "deb",
    );
    if (installed) {
      // An advisory whose fix is just above this machine's own dpkg: the real inventory shows the match.
      const release = (JSON.parse(json) as { os: { version: string } }).os.version.split(".")[0];
      upsertAdvisories([
        readOsvRecord({
          id: "DEBIAN-TEST-0001",
          modified: "2026-11-01T00:00:00Z",
          summary: "dpkg test advisory",
          affected: [
            {
              package: { ecosystem: `Debian:${release}`, name: "dpkg" },
              ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: `${installed.version}+zz1` }] }],
            },
          ],
        }),
      ]);
      const { findings } = await vulnerableSoftware(owner.tenantId);
      expect(findings.find((f) => f.package === "dpkg")).toMatchObject({
        version: installed.version,
        fixedIn: `${installed.version}+zz1`,
        hosts: [sent.hostname],
      });
    }

    // A read-only token cannot report; a malformed inventory is a 400 naming the field.
    const reader = createApiToken({
      tenantId: owner.tenantId,
      userId: owner.user.id,
      name: "reader",
      scopes: ["read"],
    });
    expect(
      (await call(inventoryApi, "/api/endpoints/inventory", json, { Authorization: `Bearer ${reader.token}` })).status,
    ).toBe(403);
    const broken = await call(
      inventoryApi,
      "/api/endpoints/inventory",
      { hostId: "x", hostname: "x", platform: "beos", os: {}, packages: [] },
      {
        Authorization: `Bearer ${token.token}`,
      },
    );
    expect(broken).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_ERROR", message: expect.stringMatching(/^platform/) },
    });
  });
});

describe("vulnerable software", () => {
  it("matches Debian packages against Debian's advisories for the host's release, and says what it could not check", async () => {
    const { owner } = await businessWithSecret();
    upsertAdvisories([
      readOsvRecord({
        id: "DSA-5764-1",
        modified: "2024-09-03T00:00:00Z",
        published: "2024-09-03T00:00:00Z",
        summary: "openssl - security update",
        aliases: ["CVE-2024-5535"],
        affected: [
          {
            package: { ecosystem: "Debian:12", name: "openssl" },
            ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "3.0.14-1~deb12u2" }] }],
          },
        ],
      }),
    ]);
    const token = createApiToken({
      tenantId: owner.tenantId,
      userId: owner.user.id,
      name: "c",
      scopes: ["endpoints:write"],
    });
    const report = (hostId: string, os: { name: string; version: string }, platform: string, packages: object[]) =>
      call(
        inventoryApi,
        "/api/endpoints/inventory",
        { hostId, hostname: hostId, platform, os, packages },
        {
          Authorization: `Bearer ${token.token}`,
        },
      );
    expect(
      (
        await report("old-web", { name: "Debian GNU/Linux", version: "12" }, "linux", [
          { name: "openssl", version: "3.0.13-1~deb12u1", source: "deb" },
        ])
      ).status,
    ).toBe(201);
    await report("new-web", { name: "Debian GNU/Linux", version: "12" }, "linux", [
      { name: "openssl", version: "3.0.14-1~deb12u2", source: "deb" },
    ]);
    await report("laptop", { name: "Microsoft Windows 11 Pro", version: "10.0.22631" }, "windows", [
      { name: "7-Zip", version: "23.01", source: "programs" },
    ]);
    const { findings, coverage } = await vulnerableSoftware(owner.tenantId);
    expect(findings).toEqual([
      expect.objectContaining({
        package: "openssl",
        version: "3.0.13-1~deb12u1",
        id: "DSA-5764-1",
        fixedIn: "3.0.14-1~deb12u2",
        hosts: ["old-web"],
      }),
    ]);
    expect(coverage.checked).toEqual([{ ecosystem: "Debian", packages: 2 }]);
    expect(coverage.notChecked).toEqual(["Windows programs"]);
  });
});

/**
 * Network Security against real Nmap output (issue 36): loopback listeners (HTTP, TLS with a self-signed
 * certificate, a fake Redis) scanned by Debian's nmap when it is installed, else the committed copy of such a
 * scan (tests/fixtures/network). The import shows the hosts and services, a self-signed-certificate finding and
 * an exposed-Redis alert; a second scan after the HTTP listener stopped shows the drift.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/modules/accounts/accounts.server";
import { listAlerts } from "~/modules/alerts";
import {
  httpListener,
  nmapPath,
  redisListener,
  scanLoopback,
  tlsListener,
} from "../../../tests/support/network-listeners";
import { closeNmapPool } from "./parse-pool.server";
import { importScan, listAssets, networkFacts, scanChanges } from "./scans.server";

const FIXTURES = path.resolve(__dirname, "../../../tests/fixtures/network");

type Scans = { first: string; second: string; ports: { http: number; tls: number; redis: number }; live: boolean };
let scans: Scans;

/** Ports of the committed scans: the one closed in the second, the one with a certificate, the Redis. */
function fixturePorts(first: string, second: string) {
  const open = (xml: string) =>
    [...xml.matchAll(/<port protocol="tcp" portid="(\d+)"><state state="(\w+)"/g)].map((m) => ({
      port: Number(m[1]),
      state: m[2],
    }));
  const http = open(second).find((p) => p.state !== "open")!.port;
  const redis = Number(/portid="(\d+)"><state state="open"[^>]*\/><service name="redis"/.exec(first)![1]);
  const tls = open(first).find((p) => p.port !== http && p.port !== redis)!.port;
  return { http, tls, redis };
}

beforeAll(async () => {
  if (nmapPath()) {
    const http = await httpListener();
    const tls = await tlsListener();
    const redis = await redisListener();
    const ports = { http: http.port, tls: tls.port, redis: redis.port };
    try {
      const first = await scanLoopback([http.port, tls.port, redis.port]);
      await http.close();
      const second = await scanLoopback([http.port, tls.port, redis.port]);
      scans = { first, second, ports, live: true };
    } finally {
      await Promise.all([http.close(), tls.close(), redis.close()]);
    }
  } else {
    const first = fs.readFileSync(path.join(FIXTURES, "loopback-1.xml"), "utf8");
    const second = fs.readFileSync(path.join(FIXTURES, "loopback-2.xml"), "utf8");
    scans = { first, second, ports: fixturePorts(first, second), live: false };
  }
}, 300_000);

afterAll(() => closeNmapPool());

async function tenant() {
  const { user, tenantId } = await createUser(
    `net-${Date.now()}-${Math.random()}@example.com`,
    "a long enough passphrase 1",
  );
  return { userId: user.id, tenantId };
}

describe("importing real Nmap XML of loopback listeners", () => {
  it("shows the host, its services, a self-signed certificate, an exposed Redis alert, and the drift", async () => {
    const { tenantId, userId } = await tenant();
    const { http, tls, redis } = scans.ports;
    const first = await importScan({ tenantId, userId, filename: "loopback-1.xml", content: scans.first });

    expect(first.hosts.map((h) => h.address)).toEqual(["127.0.0.1"]);
    const ports = first.hosts[0]!.ports;
    expect(
      ports
        .filter((p) => p.state === "open")
        .map((p) => p.port)
        .sort(),
    ).toEqual([http, tls, redis].sort());
    expect(ports.find((p) => p.port === redis)).toMatchObject({
      protocol: "tcp",
      service: "redis",
      product: "Redis key-value store",
    });

    const at = (check: string, port: number) => first.findings.find((f) => f.check === check && f.port === port);
    expect(at("cert-self-signed", tls)).toMatchObject({ host: "127.0.0.1", severity: "medium" });
    expect(at("cert-self-signed", tls)!.title).toContain("loopback.test");
    expect(at("cache-exposed", redis)).toMatchObject({ severity: "high" });
    expect(at("cache-exposed", redis)!.title).toContain("Redis");
    // Nothing flags the plain HTTP listener as remote administration or a database.
    expect(first.findings.filter((f) => f.port === http && f.severity !== "info")).toEqual([]);

    const alerts = listAlerts(tenantId).filter((a) => a.source === "network");
    expect(alerts.map((a) => a.title)).toEqual([expect.stringContaining(`127.0.0.1:${redis}`)]);
    expect(alerts[0]).toMatchObject({ severity: "high", status: "active" });

    const second = await importScan({ tenantId, userId, filename: "loopback-2.xml", content: scans.second });
    expect(second.changes).toEqual({
      opened: [],
      closed: [{ host: "127.0.0.1", port: http, service: expect.any(String) }],
      changed: [],
    });
    // The same comparison through an explicit `since`, as the API asks it.
    expect(scanChanges(tenantId, second.id, first.id).changes).toEqual(second.changes);
    // Reversed, the HTTP port opened.
    expect(scanChanges(tenantId, first.id, second.id).changes.opened).toEqual([
      { host: "127.0.0.1", port: http, service: expect.any(String) },
    ]);
    // Redis was already open: no second alert.
    expect(listAlerts(tenantId).filter((a) => a.source === "network")).toHaveLength(1);

    const [asset] = listAssets(tenantId);
    expect(asset).toMatchObject({ address: "127.0.0.1", openPorts: 2 });
    expect(asset!.firstSeenAt).toBeLessThanOrEqual(asset!.lastSeenAt);
    expect(networkFacts(tenantId)).toMatchObject({ scans: 2, hosts: 1, openPorts: 2 });
    expect(networkFacts(tenantId).findingsBySeverity.high).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("another organization sees none of it", async () => {
    const a = await tenant();
    const b = await tenant();
    const scan = await importScan({ ...a, filename: "loopback-1.xml", content: scans.first });
    expect(() => scanChanges(b.tenantId, scan.id)).toThrow(/No such scan/);
    expect(listAssets(b.tenantId)).toEqual([]);
    expect(networkFacts(b.tenantId)).toMatchObject({ scans: 0, lastScanAt: null });
  });

  it("refuses a file that is not Nmap XML with a 400, and does not store it", async () => {
    const { tenantId, userId } = await tenant();
    await expect(
      importScan({ tenantId, userId, filename: "x.xml", content: "<html>hello</html>" }),
    ).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
    });
    expect(networkFacts(tenantId).scans).toBe(0);
  });
});

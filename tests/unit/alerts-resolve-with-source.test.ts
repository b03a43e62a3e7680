// Issue 31: alerts resolve with their source. A newly exposed risky network service is one alert per exposure,
// resolved when a later scan of the host shows it closed (and opened again if it comes back); a website finding
// is one alert per site and finding across scans (a repeat counts on it), resolved when a later scan of the same
// site no longer finds it.
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "~/lib/jobs.server";
import { isBlockedAddress } from "~/lib/outbound.server";
import { getAlert, listAlerts, raiseAlertDetailed } from "~/modules/alerts";
import { importScan } from "~/modules/network";
import { closeNmapPool } from "~/modules/network/parse-pool.server";
import {
  addSite,
  createScan,
  registerWebScanJobs,
  setScanOptionsForTests,
} from "~/modules/vulnerability/web/web.server";
import { signedInUser } from "./helpers";

const FIXTURES = path.join(__dirname, "../fixtures/network");
const first = fs.readFileSync(path.join(FIXTURES, "loopback-1.xml"), "utf8");
// The same real scan with the fake Redis listener stopped: Nmap reports its port closed.
const REDIS = /(<port protocol="tcp" portid="(\d+)"><state state=")open("[^>]*\/><service name="redis")/;
const redisPort = REDIS.exec(first)![2];
const redisClosed = first.replace(REDIS, "$1closed$3");

describe("network exposure alerts", () => {
  afterAll(() => closeNmapPool());

  it("resolve when a later scan of the host shows the exposure closed, and open again when it is back", async () => {
    const { tenantId, user } = await signedInUser();
    const scan = (content: string) => importScan({ tenantId, userId: user.id, filename: "scan.xml", content });
    const exposure = () =>
      listAlerts(tenantId, 50, { source: "network" }).filter((a) => a.title.includes(`:${redisPort})`));

    await scan(first);
    const [alert] = exposure();
    expect(alert, "the exposed Redis raises an alert").toBeDefined();
    expect(alert!.status).toBe("active");

    await scan(redisClosed);
    expect(getAlert(tenantId, alert!.id)?.status).toBe("resolved");

    await scan(first);
    expect(exposure().map((a) => [a.id, a.status])).toEqual([[alert!.id, "active"]]);
  });

  it("a scan that did not find the host leaves its alerts as they are", async () => {
    const { tenantId, user } = await signedInUser();
    await importScan({ tenantId, userId: user.id, filename: "scan.xml", content: first });
    const [alert] = listAlerts(tenantId, 50, { source: "network" }).filter((a) => a.title.includes(`:${redisPort})`));
    const elsewhere = first.replaceAll('addr="127.0.0.1"', 'addr="127.0.0.2"');
    await importScan({ tenantId, userId: user.id, filename: "other.xml", content: elsewhere });
    expect(getAlert(tenantId, alert!.id)?.status).toBe("active");
  });
});

// ---- a loopback site whose headers the test switches ----
let mode: "good" | "bad" = "bad";
let server: https.Server;

beforeAll(async () => {
  const pems = await generate([{ name: "commonName", value: "site.test" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "site.test" }] }],
  } as Parameters<typeof generate>[1]);
  server = https.createServer({ key: pems.private, cert: pems.cert }, (_req, res) => {
    res.writeHead(
      200,
      mode === "good"
        ? {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": "default-src 'none'; img-src 'self'; frame-ancestors 'none'",
            "Strict-Transport-Security": "max-age=63072000",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
          }
        : { "Content-Type": "text/html" },
    );
    res.end(mode === "good" ? "<p>ok</p>" : '<script src="http://cdn.example.com/x.js"></script>');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  setScanOptionsForTests({
    resolver: async (host) => {
      if (host === "site.test") return [{ address: "127.0.0.1", family: 4 }];
      throw new Error("NXDOMAIN");
    },
    isBlocked: (ip) => ip !== "127.0.0.1" && isBlockedAddress(ip),
    ca: pems.cert,
    httpsPort: (server.address() as AddressInfo).port,
    httpPort: 1,
  });
  registerWebScanJobs();
});
afterAll(() => {
  server.close();
  setScanOptionsForTests({});
});

describe("website finding alerts", () => {
  it("one alert per site and finding across scans, resolved when a later scan no longer finds it", async () => {
    const { tenantId } = await signedInUser();
    const sri = () =>
      listAlerts(tenantId, 50, { source: "vulnerability" }).filter((a) =>
        a.title.startsWith("site.test: subresource-integrity"),
      );
    mode = "bad";
    const { siteId } = addSite(tenantId, "https://site.test/");
    await runDueJobs();
    expect(sri()).toHaveLength(1);
    const id = sri()[0]!.id;

    createScan(tenantId, "https://site.test/", siteId);
    await runDueJobs();
    // The second scan still finds it: the same alert, counted twice, not a second alert.
    expect(sri().map((a) => [a.id, a.occurrences, a.status])).toEqual([[id, 2, "active"]]);

    mode = "good";
    createScan(tenantId, "https://site.test/", siteId);
    await runDueJobs();
    expect(getAlert(tenantId, id)?.status).toBe("resolved");
    expect(
      listAlerts(tenantId, 50, { source: "vulnerability" }).filter((a) => a.status !== "resolved"),
      "every finding of the site is fixed: none of its alerts stays open",
    ).toEqual([]);

    mode = "bad";
    createScan(tenantId, "https://site.test/", siteId);
    await runDueJobs();
    expect(sri().map((a) => [a.id, a.status])).toEqual([[id, "active"]]);
  });

  it("a grade-drop alert raised per scan before is resolved by the site's next scan", async () => {
    const { tenantId } = await signedInUser();
    mode = "good";
    const { siteId, scanId } = addSite(tenantId, "https://site.test/");
    await runDueJobs();
    const legacy = raiseAlertDetailed({
      tenantId,
      source: "vulnerability",
      severity: "high",
      title: "Web security grade of site.test dropped from A+ to F",
      dedupeKey: `web-grade-drop:${scanId}`,
    });
    createScan(tenantId, "https://site.test/", siteId);
    await runDueJobs();
    expect(getAlert(tenantId, legacy.id)?.status).toBe("resolved");
  });
});

/**
 * Issue 30: the feeds against a local fake that serves the real formats: an
 * OSV export (all.zip of real GHSA records, modified_id.csv, <id>.json), the
 * CISA KEV JSON, the FIRST EPSS CSV (gzip, with its comment header) and the
 * Pwned Passwords range API (padded answers).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { zipSync, strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { feedState, osvAdvisories, pwnedRangeCache } from "@db/schema";
import { db, sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { listActiveAlerts } from "~/modules/alerts";
import { ensureOsvSeed, listProjects, osvCoverage, scanUpload } from "~/modules/vulnerability/index.server";
import { checkPasswordBreach } from "~/modules/password/index.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { syncEpss, syncKev } from "./exploit.server";
import { syncOsvEcosystem } from "./osv.server";
import { feedStatuses } from "./status.server";

const SEED = path.resolve("db/seed/osv");
const records = fs
  .readdirSync(SEED)
  .filter((f) => f.endsWith(".json"))
  .map(
    (f) =>
      JSON.parse(fs.readFileSync(path.join(SEED, f), "utf8")) as {
        id: string;
        modified: string;
        affected?: { package?: { ecosystem?: string } }[];
      },
  )
  .filter((r) => r.affected?.some((a) => a.package?.ecosystem === "npm"));
const MINIMIST = "GHSA-xvch-5gv4-984h";
const LAST_MODIFIED = "Wed, 25 Nov 2026 10:00:00 GMT";

let csv = "";
let extra: Record<string, unknown> = {};
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let base = "";

function buildCsv(list: { id: string; modified: string }[]) {
  return (
    [...list]
      .sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified))
      .map((r) => `${r.modified},${r.id}`)
      .join("\n") + "\n"
  );
}

beforeAll(async () => {
  const zip = Buffer.from(
    zipSync(Object.fromEntries(records.map((r) => [`${r.id}.json`, strToU8(JSON.stringify(r))]))),
  );
  csv = buildCsv(records);
  const kev = {
    title: "CISA Catalog of Known Exploited Vulnerabilities",
    catalogVersion: "2026.11.26",
    dateReleased: "2026-11-26T17:00:00.000Z",
    count: 2,
    vulnerabilities: [
      {
        cveID: "CVE-2021-44906",
        vendorProject: "minimist",
        product: "minimist",
        vulnerabilityName: "minimist Prototype Pollution",
        dateAdded: "2026-01-10",
        shortDescription: "…",
        requiredAction: "Apply updates per vendor instructions.",
        dueDate: "2026-01-31",
        knownRansomwareCampaignUse: "Unknown",
        notes: "",
        cwes: ["CWE-1321"],
      },
      {
        cveID: "CVE-2021-44228",
        vendorProject: "Apache",
        product: "Log4j2",
        vulnerabilityName: "Log4Shell",
        dateAdded: "2021-12-10",
        knownRansomwareCampaignUse: "Known",
      },
    ],
  };
  const epss = zlib.gzipSync(
    "#model_version:v2025.03.14,score_date:2026-11-26T12:55:00Z\ncve,epss,percentile\nCVE-2021-44906,0.01234,0.85321\nCVE-2021-44228,0.94358,0.99958\n",
  );
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    const url = req.url ?? "";
    if (url === "/osv/npm/all.zip") {
      if (req.headers["if-modified-since"] === LAST_MODIFIED) return res.writeHead(304).end();
      return res.writeHead(200, { "Content-Type": "application/zip", "Last-Modified": LAST_MODIFIED }).end(zip);
    }
    if (url === "/osv/npm/modified_id.csv") return res.writeHead(200, { "Content-Type": "text/csv" }).end(csv);
    const one = /^\/osv\/npm\/(.+)\.json$/.exec(url);
    if (one) {
      const r = extra[decodeURIComponent(one[1])] ?? records.find((x) => x.id === decodeURIComponent(one[1]));
      return r ? res.writeHead(200).end(JSON.stringify(r)) : res.writeHead(404).end();
    }
    if (url === "/kev.json") return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(kev));
    if (url === "/epss.csv.gz") return res.writeHead(200, { "Content-Type": "application/gzip" }).end(epss);
    const range = /^\/range\/([0-9A-F]{5})$/.exec(url);
    if (range) {
      // SHA-1("password") is 5BAA6 1E4C9B93F3F0682250B6CF8331B7EE68FD8; padding lines have count 0.
      const lines = [
        "0018A45C4D1DEF81644B54AB7F969B88D65:0",
        "1E4C9B93F3F0682250B6CF8331B7EE68FD8:52256179",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:0",
      ];
      return res
        .writeHead(200, { "Content-Type": "text/plain" })
        .end(range[1] === "5BAA6" ? lines.join("\r\n") : lines[0]);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  Object.assign(process.env, {
    RAMPART_FEEDS: "on",
    RAMPART_OSV_BASE_URL: `${base}/osv`,
    RAMPART_OSV_ECOSYSTEMS: "npm",
    RAMPART_KEV_URL: `${base}/kev.json`,
    RAMPART_EPSS_URL: `${base}/epss.csv.gz`,
    RAMPART_PWNED_RANGE_URL: `${base}/range/`,
  });
  resetEnvForTests();
  // A fresh install: nothing downloaded (the shipped sample is not loaded either: marked done, then removed).
  ensureOsvSeed();
  db.delete(osvAdvisories).run();
  db.delete(feedState).run();
});

afterAll(async () => {
  process.env.RAMPART_FEEDS = "off";
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

const MINIMIST_LOCK = JSON.stringify({
  name: "app",
  lockfileVersion: 3,
  packages: { "": { name: "app" }, "node_modules/minimist": { version: "1.2.5" } },
});

describe("OSV feed", () => {
  it("first start: downloads all.zip, imports it in a worker with a progress line, re-checks projects and alerts", async () => {
    const { tenantId } = await signedInUser();
    // Uploaded before any data: no findings, and not an all-clear.
    const before = await scanUpload({ tenantId, userId: null, filename: "package-lock.json", content: MINIMIST_LOCK });
    expect(before.findings).toHaveLength(0);
    expect(before.status).toBe("not-checked");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const r = await syncOsvEcosystem("npm");
    const lines = log.mock.calls.map((c) => String(c[0]));
    log.mockRestore();
    expect(r).toMatchObject({
      ecosystem: "npm",
      mode: "full",
      read: records.length,
      changed: records.length,
      newFindings: 1,
    });
    expect(lines.some((l) => /osv feed: npm: full, \d+ read/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes("downloaded") && l.includes("importing"))).toBe(true);
    expect(lines.some((l) => l.includes("in-process"))).toBe(false);
    const coverage = osvCoverage();
    expect(coverage.advisories).toBe(records.length);
    expect(coverage.updatedAt).not.toBeNull();
    const project = listProjects(tenantId)[0];
    expect(project.status).toBe("findings");
    expect(project.findings.map((f) => f.advisoryId)).toContain(MINIMIST);
    expect(listActiveAlerts(tenantId).some((a) => a.title.includes(MINIMIST))).toBe(true);
  });

  it("later runs are incremental through modified_id.csv: only records modified after the cursor are fetched", async () => {
    seen.length = 0;
    const changed = {
      ...records.find((r) => r.id === MINIMIST)!,
      modified: "2026-11-26T08:00:00Z",
      summary: "Prototype Pollution in minimist (updated)",
    };
    extra = { [MINIMIST]: changed };
    csv = buildCsv([...records.filter((r) => r.id !== MINIMIST), changed]);
    const r = await syncOsvEcosystem("npm");
    expect(r).toMatchObject({ mode: "incremental", read: 1, changed: 1 });
    expect(seen.map((s) => s.url)).toEqual(["/osv/npm/modified_id.csv", `/osv/npm/${MINIMIST}.json`]);
    expect(sqlite().prepare("SELECT summary FROM osv_advisories WHERE id = ?").get(MINIMIST)).toEqual({
      summary: "Prototype Pollution in minimist (updated)",
    });
    // Nothing newer: nothing fetched but the list.
    seen.length = 0;
    expect(await syncOsvEcosystem("npm")).toMatchObject({ mode: "incremental", read: 0 });
    expect(seen).toHaveLength(1);
  });

  it("sends If-Modified-Since with the last full download's Last-Modified (304: unchanged)", async () => {
    sqlite().prepare("UPDATE feed_state SET cursor = NULL WHERE feed = 'osv:npm'").run();
    seen.length = 0;
    expect(await syncOsvEcosystem("npm")).toMatchObject({ mode: "unchanged" });
    expect(seen[0].headers["if-modified-since"]).toBe(LAST_MODIFIED);
  });
});

describe("KEV and EPSS", () => {
  it("loads both and every finding shows them, known exploited first", async () => {
    expect(await syncKev()).toBe(2);
    expect(await syncEpss()).toBe(2);
    const { tenantId } = await signedInUser();
    await scanUpload({ tenantId, userId: null, filename: "package-lock.json", content: MINIMIST_LOCK });
    const f = listProjects(tenantId)[0].findings.find((x) => x.advisoryId === MINIMIST)!;
    expect(f.knownExploited).toBe(true);
    expect(f.epss).toBeCloseTo(0.01234);
    const statuses = feedStatuses();
    for (const feed of ["osv:npm", "kev", "epss"]) {
      const s = statuses.find((x) => x.feed === feed)!;
      expect(s.lastSuccessAt, feed).not.toBeNull();
      expect(s.records, feed).toBeGreaterThan(0);
      expect(s.stale, feed).toBe(false);
    }
  });
});

describe("Pwned Passwords range API", () => {
  it("sends only the 5-hex prefix with Add-Padding, caches the range, and never reads padding as a count", async () => {
    seen.length = 0;
    expect(await checkPasswordBreach("password")).toEqual({ status: "checked", source: "live", count: 52256179 });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe("/range/5BAA6");
    expect(seen[0].headers["add-padding"]).toBe("true");
    // Cached: no second request.
    expect(await checkPasswordBreach("password")).toEqual({ status: "checked", source: "cache", count: 52256179 });
    expect(seen).toHaveLength(1);
    const cached = db.select().from(pwnedRangeCache).all();
    expect(cached.find((c) => c.prefix === "5BAA6")!.body).toBe("1E4C9B93F3F0682250B6CF8331B7EE68FD8:52256179");
  });

  it("with the network off and nothing cached or imported: not checked, not 'not found'", async () => {
    process.env.RAMPART_FEEDS = "off";
    resetEnvForTests();
    try {
      db.delete(pwnedRangeCache).run();
      sqlite().prepare("DELETE FROM pwned_hashes").run();
      expect((await checkPasswordBreach("password")).status).toBe("not-checked");
    } finally {
      process.env.RAMPART_FEEDS = "on";
      resetEnvForTests();
    }
  });
});

/**
 * The OSV feed (issue 30): one durable job per ecosystem the dependency
 * scanner reads (RAMPART_OSV_ECOSYSTEMS), downloading the public export's
 * documented layout under RAMPART_OSV_BASE_URL:
 *
 * - first run (no cursor): `<base>/<Ecosystem>/all.zip`, sent with
 *   If-Modified-Since when a previous download's Last-Modified is known (304:
 *   nothing to do), streamed to a file in the data directory (never held in
 *   memory) and imported in a worker thread (osv-import-worker.ts);
 * - later runs: `<base>/<Ecosystem>/modified_id.csv` (`<modified>,<id>` lines,
 *   newest first): only the records modified after the stored cursor are
 *   fetched, one `<base>/<Ecosystem>/<id>.json` each (more than
 *   INCREMENTAL_LIMIT changed: the whole zip again).
 *
 * Projects holding a package a changed advisory names are matched again and
 * new findings alert (recheckAllProjects). Progress is logged as one JSON line
 * every few seconds. RAMPART_FEEDS=off turns every feed off (air-gapped
 * installs import files: npm run import:osv).
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import { getEnv } from "~/lib/env.server";
import { sqlite } from "~/lib/db.server";
import { workerFile } from "~/lib/worker-bundle.server";
// The vulnerability module is loaded when a sync runs, not with this file: scripts and the password module import
// the feeds' index, and the vulnerability module's index brings its pages' code (and imports this module back).
const vulnerability = () => import("~/modules/vulnerability/index.server");
import type { OsvImportMessage } from "./osv-import-worker";
import { feedStateOf, recordFeedAttempt, recordFeedFailure, recordFeedSuccess } from "./state.server";
import { feedLog } from "./log.server";

export const OSV_FEED_JOB = "feeds.osv";
export const OSV_FEED_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** More changed records than this since the cursor: download the whole export instead. */
export const INCREMENTAL_LIMIT = 2000;
const WORKER_SOURCE = "app/modules/feeds/osv-import-worker.ts";
const USER_AGENT = "Rampart-osv-feed/1.0 (self-hosted security monitoring)";
const TIMEOUT_MS = 30 * 60_000;

export const osvFeedName = (ecosystem: string) => `osv:${ecosystem}`;

export function osvEcosystems(): string[] {
  return getEnv()
    .RAMPART_OSV_ECOSYSTEMS.split(",")
    .map((e) => e.trim())
    .filter(Boolean);
}

const base = () => getEnv().RAMPART_OSV_BASE_URL.replace(/\/+$/, "");
const ecoUrl = (ecosystem: string, file: string) => `${base()}/${encodeURIComponent(ecosystem)}/${file}`;

async function get(url: string, headers: Record<string, string> = {}) {
  // Operator-configured URLs (not user input): the outbound guard's private-address rule does not apply.
  return fetch(url, { headers: { "User-Agent": USER_AGENT, ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** The `<modified>,<id>` lines newer than `cursor` (all when null), newest first, up to `limit` + 1. */
export function changedSince(csv: string, cursor: string | null, limit = Infinity) {
  const out: { modified: string; id: string }[] = [];
  for (const raw of csv.split("\n")) {
    const line = raw.trim();
    const comma = line.indexOf(",");
    if (comma < 0) continue;
    const modified = line.slice(0, comma);
    const id = line.slice(comma + 1);
    if (Number.isNaN(Date.parse(modified)) || !id) continue;
    if (cursor && Date.parse(modified) <= Date.parse(cursor)) break;
    out.push({ modified, id });
    if (out.length > limit) break;
  }
  return out;
}

async function newestModified(ecosystem: string): Promise<string | null> {
  const res = await get(ecoUrl(ecosystem, "modified_id.csv"));
  if (res.status !== 200) return null;
  const first = changedSince(await res.text(), null, 0)[0];
  return first?.modified ?? null;
}

/** Imports a downloaded zip in a worker thread; in-process when no worker can start. */
async function importInWorker(zip: string, ecosystem: string) {
  let file: string;
  try {
    file = await workerFile(WORKER_SOURCE, "osv-import-worker");
  } catch (error) {
    feedLog(`osv feed: ${ecosystem}: no worker thread (${String(error)}); importing in-process`, "warn");
    const r = await (await vulnerability()).importOsvPath(zip);
    return { read: r.read, changedIds: r.changedIds };
  }
  return new Promise<{ read: number; changedIds: string[] }>((resolve, reject) => {
    // The bundled worker is plain JavaScript: no loader flags of the parent (tsx under scripts) are needed.
    const worker = new Worker(file, { workerData: { dbFile: sqlite().name, zip }, execArgv: [] });
    let settled = false;
    worker.on("message", (m: OsvImportMessage) => {
      if (m.type === "progress")
        feedLog(
          `osv feed: ${ecosystem}: ${m.records.toLocaleString("en")} records read (${Math.round((100 * m.bytes) / Math.max(m.totalBytes, 1))}%)`,
        );
      else if (m.type === "done") {
        settled = true;
        resolve({ read: m.read, changedIds: m.changedIds });
      } else {
        settled = true;
        reject(new Error(m.message));
      }
    });
    worker.on("error", (e) => !settled && ((settled = true), reject(e)));
    worker.on("exit", (code) => !settled && reject(new Error(`the OSV import worker stopped (${code})`)));
  });
}

async function fullDownload(ecosystem: string, validator: string | null) {
  const res = await get(ecoUrl(ecosystem, "all.zip"), validator ? { "If-Modified-Since": validator } : {});
  if (res.status === 304) return { unchanged: true as const, validator };
  if (res.status !== 200 || !res.body) throw new Error(`${ecosystem}/all.zip answered ${res.status}`);
  const dir = path.join(getEnv().dataDir, "feeds");
  fs.mkdirSync(dir, { recursive: true });
  const zip = path.join(dir, `osv-${ecosystem.replace(/[^A-Za-z0-9.-]/g, "_")}-${process.pid}.zip`);
  try {
    // Streamed to disk: a full export (npm's is hundreds of MB) is never in memory.
    await pipeline(Readable.fromWeb(res.body as import("node:stream/web").ReadableStream), fs.createWriteStream(zip));
    feedLog(`osv feed: ${ecosystem}: downloaded ${(fs.statSync(zip).size / 1e6).toFixed(1)} MB, importing`);
    const r = await importInWorker(zip, ecosystem);
    return { unchanged: false as const, validator: res.headers.get("last-modified"), ...r };
  } finally {
    fs.rmSync(zip, { force: true });
  }
}

async function incremental(ecosystem: string, cursor: string) {
  const res = await get(ecoUrl(ecosystem, "modified_id.csv"));
  if (res.status !== 200) throw new Error(`${ecosystem}/modified_id.csv answered ${res.status}`);
  const changed = changedSince(await res.text(), cursor, INCREMENTAL_LIMIT);
  if (changed.length > INCREMENTAL_LIMIT) return null;
  const { readOsvRecord, OsvRecordError, upsertAdvisories } = await vulnerability();
  const records = [];
  for (const c of changed) {
    const r = await get(ecoUrl(ecosystem, `${encodeURIComponent(c.id)}.json`));
    if (r.status !== 200) throw new Error(`${ecosystem}/${c.id}.json answered ${r.status}`);
    try {
      records.push(readOsvRecord(await r.json()));
    } catch (error) {
      if (!(error instanceof OsvRecordError || error instanceof SyntaxError)) throw error;
    }
  }
  const result = upsertAdvisories(records);
  return { read: changed.length, changedIds: result.changedIds, cursor: changed[0]?.modified ?? cursor };
}

export type OsvSyncResult = {
  ecosystem: string;
  mode: "full" | "incremental" | "unchanged" | "off";
  read: number;
  changed: number;
  newFindings: number;
};

/** One sync of one ecosystem; records the outcome in feed_state (and throws on failure, for the job's retry). */
export async function syncOsvEcosystem(ecosystem: string, now = Date.now()): Promise<OsvSyncResult> {
  if (getEnv().RAMPART_FEEDS === "off") return { ecosystem, mode: "off", read: 0, changed: 0, newFindings: 0 };
  const feed = osvFeedName(ecosystem);
  const prior = feedStateOf(feed);
  recordFeedAttempt(feed, now);
  try {
    let mode: OsvSyncResult["mode"] = "incremental";
    let out: { read: number; changedIds: string[]; cursor: string | null; validator: string | null } | null = null;
    if (prior?.cursor) {
      const inc = await incremental(ecosystem, prior.cursor);
      if (inc) out = { ...inc, validator: prior.validator };
    }
    if (!out) {
      feedLog(`osv feed: ${ecosystem}: downloading the full export`);
      const full = await fullDownload(ecosystem, prior?.cursor ? null : (prior?.validator ?? null));
      if (full.unchanged) {
        mode = "unchanged";
        out = { read: 0, changedIds: [], cursor: prior?.cursor ?? null, validator: full.validator };
      } else {
        mode = "full";
        out = {
          read: full.read,
          changedIds: full.changedIds,
          cursor: await newestModified(ecosystem),
          validator: full.validator,
        };
      }
    }
    const { advisoryCount, recheckAllProjects } = await vulnerability();
    const recheck = out.changedIds.length ? recheckAllProjects(Date.now(), out.changedIds) : null;
    recordFeedSuccess(feed, { records: advisoryCount(), cursor: out.cursor, validator: out.validator });
    feedLog(
      `osv feed: ${ecosystem}: ${mode}, ${out.read.toLocaleString("en")} read, ${out.changedIds.length.toLocaleString("en")} changed` +
        (recheck ? `, ${recheck.projects} project(s) re-checked, ${recheck.newFindings} new finding(s)` : ""),
    );
    return { ecosystem, mode, read: out.read, changed: out.changedIds.length, newFindings: recheck?.newFindings ?? 0 };
  } catch (error) {
    recordFeedFailure(feed, error);
    throw error;
  }
}

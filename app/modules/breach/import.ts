/**
 * Importing one breach into the catalogue: the file formats of
 * docs/breach-data.md (HIBP-style JSON with an `accounts` list, or CSV with
 * the metadata in `# Key: value` header lines and/or a JSON sidecar), the
 * upsert by Name, INSERT OR IGNORE of the hashed accounts, and the match
 * against every tenant's watchlist. scripts/import-breach.ts runs it without
 * the Remix build; the tests call it directly.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { breachAccounts, breaches } from "./schema";
import { excluded, type DB } from "~/lib/db.server";
import { emailDomain, hashEmail, matchBreach, normaliseEmail } from "./match";

export type BreachMetadata = {
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  addedDate: string;
  pwnCount: number;
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSensitive: boolean;
  isRetired: boolean;
  isSpamList: boolean;
};
export type ImportResult = {
  breachId: string;
  name: string;
  created: boolean;
  accountsRead: number;
  accountsAdded: number;
  accountsSkipped: number;
  newExposures: number;
  tenantsAlerted: number;
};
export type ImportOptions = { hmacKey: string; alert?: boolean; onProgress?: (read: number) => void };
/** Metadata as the file states it, under HIBP's field names. */
type RawMetadata = Record<string, unknown>;

const BATCH = 5000;
// Loose on purpose: breach dumps hold odd but real addresses; we only need something@domain.tld.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export class BreachFileError extends Error {}

function bool(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "boolean") return value;
  const v = String(value).trim().toLowerCase();
  if (["true", "yes", "1"].includes(v)) return true;
  if (["false", "no", "0"].includes(v)) return false;
  throw new BreachFileError(`Expected true or false, got "${value}"`);
}

function dataClassList(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return ["Email addresses"];
  const list: unknown[] = Array.isArray(value) ? value : String(value).split(/[;|]/);
  const cleaned = list.map((c) => String(c).trim()).filter(Boolean);
  return cleaned.length ? cleaned : ["Email addresses"];
}

/**
 * Validates HIBP-named metadata and fills the defaults. Unknown fields are
 * ignored; a missing Name or a malformed date is an error naming the field.
 */
export function normaliseMetadata(input: unknown, now = new Date()): BreachMetadata {
  if (!input || typeof input !== "object") throw new BreachFileError("The breach metadata is missing");
  const raw = input as RawMetadata;
  const name = String(raw.Name ?? "").trim();
  if (!name) throw new BreachFileError("Name is required (a short unique identifier such as ExampleShop)");
  if (!/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/.test(name))
    throw new BreachFileError("Name may hold letters, digits, space, dot, dash and underscore (at most 100)");
  const breachDate = String(raw.BreachDate ?? "")
    .trim()
    .slice(0, 10);
  if (!DATE_RE.test(breachDate) || Number.isNaN(Date.parse(breachDate)))
    throw new BreachFileError("BreachDate is required as YYYY-MM-DD");
  const added = raw.AddedDate ? new Date(String(raw.AddedDate)) : now;
  if (Number.isNaN(added.getTime())) throw new BreachFileError("AddedDate must be a date (ISO 8601)");
  const pwnCount = raw.PwnCount === undefined || raw.PwnCount === "" ? 0 : Number(raw.PwnCount);
  if (!Number.isInteger(pwnCount) || pwnCount < 0) throw new BreachFileError("PwnCount must be a whole number");
  return {
    name,
    title: String(raw.Title ?? "").trim() || name,
    domain: String(raw.Domain ?? "")
      .trim()
      .toLowerCase(),
    breachDate,
    addedDate: added.toISOString().replace(/\.\d{3}Z$/, "Z"),
    pwnCount,
    description: String(raw.Description ?? "").trim(),
    dataClasses: dataClassList(raw.DataClasses),
    // What the file does not claim, we do not assume: unverified unless it says verified.
    isVerified: bool(raw.IsVerified, false),
    isFabricated: bool(raw.IsFabricated, false),
    isSensitive: bool(raw.IsSensitive, false),
    isRetired: bool(raw.IsRetired, false),
    isSpamList: bool(raw.IsSpamList, false),
  };
}

/** One CSV line into fields (RFC 4180 quoting, no line breaks inside fields: e-mail columns never need them). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/**
 * The breach row's id after inserting or updating its metadata by Name.
 * RETURNING gives the id that is really stored, even when another import of
 * the same breach inserted the row a moment before us.
 */
function upsertBreach(db: DB, meta: BreachMetadata): { id: string; created: boolean } {
  const id = randomUUID();
  const stored = db
    .insert(breaches)
    .values({ ...meta, id })
    .onConflictDoUpdate({
      target: breaches.name,
      set: {
        title: excluded(breaches.title),
        domain: excluded(breaches.domain),
        breachDate: excluded(breaches.breachDate),
        addedDate: excluded(breaches.addedDate),
        pwnCount: excluded(breaches.pwnCount),
        description: excluded(breaches.description),
        dataClasses: excluded(breaches.dataClasses),
        isVerified: excluded(breaches.isVerified),
        isFabricated: excluded(breaches.isFabricated),
        isSensitive: excluded(breaches.isSensitive),
        isRetired: excluded(breaches.isRetired),
        isSpamList: excluded(breaches.isSpamList),
      },
    })
    .returning({ id: breaches.id })
    .get();
  return { id: stored.id, created: stored.id === id };
}

/**
 * Imports one breach: metadata (HIBP names) and an iterable (sync or async)
 * of e-mail addresses. Safe to repeat: the metadata is updated by Name,
 * accounts already there are ignored, and only exposures that did not exist
 * yet raise alerts.
 */
export async function importBreach(
  db: DB,
  rawMeta: RawMetadata,
  accounts: Iterable<string> | AsyncIterable<string>,
  { hmacKey, alert = true, onProgress }: ImportOptions,
): Promise<ImportResult> {
  let meta: BreachMetadata;
  try {
    meta = normaliseMetadata(rawMeta);
  } catch (error) {
    await (accounts as AsyncGenerator<string>).return?.(undefined); // close a streaming reader
    throw error;
  }
  const { id: breachId, created } = upsertBreach(db, meta);
  // Prepared once: this runs for every address of the file.
  const insert = db
    .insert(breachAccounts)
    .values({ breachId, emailHash: sql.placeholder("hash"), domain: sql.placeholder("domain") })
    .onConflictDoNothing()
    .prepare();
  const flush = (rows: [string, string][]) =>
    db.transaction(() => {
      let added = 0;
      for (const [hash, domain] of rows) added += insert.run({ hash, domain }).changes;
      return added;
    });
  let read = 0;
  let added = 0;
  let skipped = 0;
  let batch: [string, string][] = [];
  for await (const address of accounts) {
    read++;
    const email = normaliseEmail(address ?? "");
    if (!EMAIL_RE.test(email)) {
      skipped++;
      continue;
    }
    batch.push([hashEmail(hmacKey, email), emailDomain(email)]);
    if (batch.length >= BATCH) {
      added += flush(batch);
      batch = [];
      onProgress?.(read);
    }
  }
  if (batch.length) added += flush(batch);
  onProgress?.(read);
  // The stated count can be larger than the sample we hold, never smaller.
  const stored = db.select({ n: count() }).from(breachAccounts).where(eq(breachAccounts.breachId, breachId)).get()!.n;
  if (stored > meta.pwnCount) db.update(breaches).set({ pwnCount: stored }).where(eq(breaches.id, breachId)).run();
  const newExposures = matchBreach(db, breachId, { alert });
  return {
    breachId,
    name: meta.name,
    created,
    accountsRead: read,
    accountsAdded: added,
    accountsSkipped: skipped,
    newExposures: newExposures.length,
    tenantsAlerted: new Set(newExposures.map((e) => e.tenantId)).size,
  };
}

async function readJsonFile(file: string): Promise<unknown> {
  let data: unknown;
  try {
    data = JSON.parse(await fs.promises.readFile(file, "utf8"));
  } catch (error) {
    throw new BreachFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return data;
}

/** Metadata from a CSV's `# Key: value` header lines, then its account column; stops at the first data line's header row. */
async function* csvAccounts(file: string, headerMeta: RawMetadata): AsyncGenerator<string> {
  const rl = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  let column = -1;
  try {
    for await (const rawLine of rl) {
      const line = rawLine.replace(/^\uFEFF/, "");
      if (!line.trim()) continue;
      if (column === -1 && line.startsWith("#")) {
        const m = /^#\s*([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
        if (m) headerMeta[m[1]] = m[2].trim();
        continue;
      }
      const fields = parseCsvLine(line);
      if (column === -1) {
        const named = fields.findIndex((f) => /^(e-?mail|email ?address|emailaddress)$/i.test(f));
        if (named >= 0) {
          column = named;
          continue;
        }
        // No header row: the first column holding an @ is the address.
        column = Math.max(
          0,
          fields.findIndex((f) => f.includes("@")),
        );
      }
      yield fields[column] ?? "";
    }
  } finally {
    rl.close();
  }
}

/**
 * Reads a breach file by its extension (.json, or .csv with optional
 * `<same name>.json` sidecar) and imports it.
 */
export async function importBreachFile(db: DB, file: string, options: ImportOptions): Promise<ImportResult> {
  if (!fs.existsSync(file)) throw new BreachFileError(`No such file: ${file}`);
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json") {
    const parsed = await readJsonFile(file);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new BreachFileError("The JSON file must hold one breach object");
    const data = parsed as RawMetadata;
    const accounts = data.accounts ?? data.Accounts ?? [];
    if (!Array.isArray(accounts)) throw new BreachFileError('"accounts" must be a list of e-mail addresses');
    return importBreach(db, data, accounts, options);
  }
  if (ext === ".csv" || ext === ".txt") {
    const sidecar = file.slice(0, -ext.length) + ".json";
    const meta = fs.existsSync(sidecar) ? ((await readJsonFile(sidecar)) as RawMetadata) : {};
    // Header lines are read while streaming; the metadata is needed before the
    // first insert, so read the header lines first (they are at the top).
    const header: RawMetadata = {};
    const probe = csvAccounts(file, header);
    const first = await probe.next();
    const merged = { ...meta, ...header };
    async function* rest() {
      if (!first.done) yield first.value;
      yield* probe;
    }
    return importBreach(db, merged, rest(), options);
  }
  throw new BreachFileError(`Unsupported file type ${ext || "(none)"}: use .json or .csv (see docs/breach-data.md)`);
}

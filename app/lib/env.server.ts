/**
 * Configuration, parsed once with zod at start. Every variable is documented in
 * docs/operations.md. There are no fallback secrets: when SESSION_SECRET is not
 * set, a random one is generated on first start and kept in the data directory
 * with mode 0600, so sessions survive restarts without any configuration.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().trim().min(1).default("data/rampart.db"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  SECURITY_CONTACT_EMAIL: z.string().email().default("security@rampart.example.com"),
  RAMPART_TEST_ROUTES: z.enum(["0", "1"]).default("0"),
  // An empty value (PUBLIC_URL= in an env file) means unset.
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // Events, and megabytes stored, a tenant may send per UTC day (issues 14, 26): beyond either ingestion answers 429
  // until midnight UTC. Unset: the plan's figures (EVENT_DAILY_QUOTA in app/lib/plans.ts).
  RAMPART_EVENTS_DAILY_QUOTA: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  RAMPART_EVENTS_DAILY_MB: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  // Open alert streams (/api/alerts/stream, issue 26): per session or API token, per tenant, in the whole process.
  RAMPART_ALERT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(4),
  RAMPART_ALERT_STREAMS_PER_TENANT: z.coerce.number().int().min(1).max(100_000).default(20),
  RAMPART_ALERT_STREAMS_TOTAL: z.coerce.number().int().min(1).max(100_000).default(500),
  // How long one lockfile upload may take to read and match in its worker thread (issue 26): 413 beyond it.
  RAMPART_LOCKFILE_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Intelligence feeds (issue 30, app/modules/feeds; docs/operations.md "Intelligence feeds"). "off": nothing is
  // downloaded (air-gapped installs import files instead) and verdicts without data say "not checked".
  RAMPART_FEEDS: z.enum(["on", "off"]).default("on"),
  RAMPART_OSV_BASE_URL: z.string().url().default("https://osv-vulnerabilities.storage.googleapis.com"),
  // The OSV export's ecosystem directories to download (those the dependency scanner reads).
  RAMPART_OSV_ECOSYSTEMS: z.string().default("npm,PyPI,Go,crates.io,Maven,RubyGems,Packagist"),
  RAMPART_KEV_URL: z
    .string()
    .url()
    .default("https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json"),
  RAMPART_EPSS_URL: z.string().url().default("https://epss.empiricalsecurity.com/epss_scores-current.csv.gz"),
  RAMPART_PWNED_RANGE_URL: z.string().url().default("https://api.pwnedpasswords.com/range/"),
  // Data older than this is "stale": verdicts without findings say "not checked", the status page says so.
  RAMPART_FEED_MAX_AGE_DAYS: z.coerce.number().min(1).max(365).default(7),
});

export type Env = z.infer<typeof EnvSchema> & { databasePath: string; dataDir: string };

let cached: Env | null = null;

/**
 * Where the database lives: DATABASE_URL is a file path, relative or absolute,
 * and a `file:` prefix is accepted. One rule for the server, the scripts and the app.
 */
export function databasePathFrom(url: string | undefined): string {
  return path.resolve(String(url || "data/rampart.db").replace(/^file:(\/\/)?/, ""));
}

/** The database file DATABASE_URL names now (scripts and the server, before the app reads its configuration). */
export function databasePath(): string {
  return databasePathFrom(process.env.DATABASE_URL);
}

/** Reads the environment again on the next getEnv() (tests that change a variable). */
export function resetEnvForTests() {
  cached = null;
}

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const databasePath = databasePathFrom(parsed.data.DATABASE_URL);
  cached = { ...parsed.data, databasePath, dataDir: path.dirname(databasePath) };
  return cached;
}

/**
 * A secret kept in a 0600 file beside the database, created on first use.
 * Used for the session secret (unless SESSION_SECRET is set) and for keys that
 * must never be the session secret (the breach HMAC key).
 */
export function fileSecret(name: string, log = true): string {
  const { dataDir } = getEnv();
  const file = path.join(dataDir, name);
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    if (value.length >= 32) return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString("base64url");
  // wx: never overwrite a secret another process wrote a moment ago.
  try {
    fs.writeFileSync(file, value + "\n", { mode: 0o600, flag: "wx" });
    if (log)
      console.log(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "info",
          msg: `generated a new random secret in ${file} (mode 0600)`,
        }),
      );
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

export function sessionSecret(): string {
  const env = getEnv();
  return env.SESSION_SECRET ?? fileSecret("session-secret");
}

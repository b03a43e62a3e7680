/**
 * Configuration, parsed once with zod at start. Every variable is in the schema below and documented in
 * docs/operations.md (the table is generated from ENV_DOCS in ./env-docs.ts). There are no fallback secrets: when SESSION_SECRET is not
 * set, a random one is generated on first start and kept in the data directory
 * with mode 0600, so sessions survive restarts without any configuration.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** An empty value (`NAME=` in an env file) means unset. */
const unsetIfEmpty = (v: unknown) => (v === "" ? undefined : v);
const optionalInt = (min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).optional());

/**
 * Every environment variable Rampart reads, app and server (server.ts) alike. Nothing reads process.env
 * elsewhere (bench and test tooling aside); ENV_DOCS below words each one and `npm run docs:env` writes the
 * table of docs/operations.md from both (a test fails when that table is stale).
 */
const FIELDS = {
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().trim().min(1).default("data/rampart.db"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  // Parsed further by server/proxy.ts (a hop count or a list of addresses).
  TRUST_PROXY: z.preprocess(unsetIfEmpty, z.string().optional()),
  SECURITY_CONTACT_EMAIL: z.string().email().default("security@rampart.example.com"),
  PUBLIC_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  RAMPART_TEST_ROUTES: z.enum(["0", "1"]).default("0"),
  RAMPART_ALLOW_PRIVATE_TARGETS: z.enum(["0", "1"]).default("0"),
  RAMPART_JOBS: z.enum(["0", "1"]).default("1"),
  // Parsed further by server/render-admission.ts.
  RAMPART_RENDER_CONCURRENCY: z.preprocess(unsetIfEmpty, z.string().optional()),
  // Open alert streams (/api/alerts/stream, issue 26): per session or API token, per tenant, in the whole process.
  RAMPART_ALERT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(4),
  RAMPART_ALERT_STREAMS_PER_TENANT: z.coerce.number().int().min(1).max(100_000).default(20),
  RAMPART_ALERT_STREAMS_TOTAL: z.coerce.number().int().min(1).max(100_000).default(500),
  RAMPART_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(20),
  // Events, and megabytes stored, a tenant may send per UTC day (issues 14, 26): beyond either ingestion answers 429
  // until midnight UTC. Unset: the plan's figures (EVENT_DAILY_QUOTA in app/lib/plans.ts).
  RAMPART_EVENTS_DAILY_QUOTA: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().optional()),
  RAMPART_EVENTS_DAILY_MB: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().optional()),
  // How long one lockfile upload may take to read and match in its worker thread (issue 26): 413 beyond it.
  RAMPART_LOCKFILE_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Network Security (issue 36): scheduled Nmap scans by the server, off unless the operator allows them.
  RAMPART_NETWORK_SCANS: z.enum(["0", "1"]).default("0"),
  // Below the job lease (5 min, app/lib/jobs.server.ts): a scan still running is never claimed twice.
  RAMPART_NETWORK_SCAN_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(280_000).default(240_000),
  // Intelligence feeds (issue 30, app/modules/feeds; docs/operations.md "Intelligence feeds"). "off": nothing is
  // downloaded (air-gapped installs import files instead) and verdicts without data say "not checked".
  RAMPART_FEEDS: z.enum(["on", "off"]).default("on"),
  RAMPART_OSV_BASE_URL: z.string().url().default("https://osv-vulnerabilities.storage.googleapis.com"),
  // The OSV export's ecosystem directories to download (those the dependency scanner reads).
  RAMPART_OSV_ECOSYSTEMS: z.string().default("npm,PyPI,Go,crates.io,Maven,RubyGems,Packagist,Debian,Ubuntu,Alpine"),
  RAMPART_KEV_URL: z
    .string()
    .url()
    .default("https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json"),
  RAMPART_EPSS_URL: z.string().url().default("https://epss.empiricalsecurity.com/epss_scores-current.csv.gz"),
  RAMPART_PWNED_RANGE_URL: z.string().url().default("https://api.pwnedpasswords.com/range/"),
  // Data older than this is "stale": verdicts without findings say "not checked", the status page says so.
  RAMPART_FEED_MAX_AGE_DAYS: z.coerce.number().min(1).max(365).default(7),
  PHISHING_WORKERS: optionalInt(1, 16),
  LOCKFILE_WORKERS: optionalInt(1, 16),
  SMTP_HOST: z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional()),
  SMTP_PORT: optionalInt(1, 65_535),
  SMTP_SECURE: z.enum(["0", "1", "true", "false"]).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().trim().min(3).default("Rampart <no-reply@localhost>"),
  /** Only for tests and closed networks: accept a self-signed certificate on STARTTLS. */
  SMTP_TLS_REJECT_UNAUTHORIZED: z.enum(["0", "1"]).default("1"),
  HIBP_SYNC: z.enum(["0", "1"]).default("1"),
  HIBP_BASE_URL: z.preprocess(unsetIfEmpty, z.string().trim().url().optional()),
  HIBP_API_KEY: z.preprocess(unsetIfEmpty, z.string().trim().optional()),
  RAMPART_CATALOG_DIR: z.string().trim().min(1).default("db/catalogs"),
  RAMPART_MIGRATIONS_DIR: z.string().trim().min(1).default("db/migrations"),
  RAMPART_BUILD: z.string().trim().min(1).default("build/index.js"),
  // Comma-separated layer names (server.ts); only for measuring what each layer costs.
  RAMPART_LAYERS_OFF: z.string().default(""),
  // Accounts that are operators (issue 32): comma-separated e-mail addresses; an account at one of them uses the
  // operator console (/operator) once its address is verified. The first operator of an install, without the CLI.
  RAMPART_OPERATOR_EMAILS: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [],
    z.array(z.string().email()),
  ),
  // The DNS servers domain verification asks (issue 32): comma-separated `ip` or `ip:port` (`[v6]:port`).
  // Unset: the system's resolvers (/etc/resolv.conf). Tests point it at a loopback DNS server.
  RAMPART_DNS_SERVERS: z.preprocess(
    (v) =>
      typeof v === "string" && v.trim()
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    z.array(
      z
        .string()
        .regex(
          /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:.]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
          "not an IP address or ip:port",
        ),
    ),
  ),
};

const EnvSchema = z.object(FIELDS);
export type EnvName = keyof typeof FIELDS;

/** The SMTP part of the schema (app/lib/mailer.server.ts parses a given environment with it). */
export const SmtpEnvSchema = EnvSchema.pick({
  SMTP_HOST: true,
  SMTP_PORT: true,
  SMTP_SECURE: true,
  SMTP_USER: true,
  SMTP_PASSWORD: true,
  SMTP_FROM: true,
  SMTP_TLS_REJECT_UNAUTHORIZED: true,
});
/** The breach feed's part (app/modules/breach/hibp.server.ts). */
export const HibpEnvSchema = EnvSchema.pick({ HIBP_SYNC: true, HIBP_BASE_URL: true, HIBP_API_KEY: true });

/** The process's environment, for the parsers here that also take a given one (tests pass their own). */
export const processEnvironment = (): Record<string, string | undefined> => process.env;

/**
 * One variable read now through its schema, uncached: for settings a test (or an operator's process manager)
 * may change while the process runs, and for code that runs before the whole configuration is read.
 * Throws, naming the variable, on an invalid value.
 */
export function envVar<K extends EnvName>(name: K, env: Record<string, string | undefined> = process.env) {
  const parsed = FIELDS[name].safeParse(env[name]);
  if (!parsed.success)
    throw new Error(`Invalid configuration: ${name}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data as z.infer<(typeof FIELDS)[K]>;
}

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
  return databasePathFrom(envVar("DATABASE_URL"));
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
  const { value, created } = readOrCreateSecretFile(file);
  if (created && log)
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        msg: `generated a new random secret in ${file} (mode 0600)`,
      }),
    );
  return value;
}

/**
 * Reads a 32-byte random secret kept in `file`, creating it (base64url, mode 0600) on first use. Several processes
 * may start at once (the server and an import script): the secret is written to a private temporary file and linked
 * into place, which is atomic and refuses to replace an existing file, so nobody ever reads a half-written secret
 * and everybody ends up with the same one.
 */
export function readOrCreateSecretFile(file: string): { value: string; created: boolean } {
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    if (value.length >= 32) return { value, created: false };
    if (value.length > 0) throw new Error(`${file} holds a secret shorter than 32 characters; remove it`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(32).toString("base64url");
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, value + "\n", { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
    return { value, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return { value: fs.readFileSync(file, "utf8").trim(), created: false };
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export function sessionSecret(): string {
  const env = getEnv();
  return env.SESSION_SECRET ?? fileSecret("session-secret");
}

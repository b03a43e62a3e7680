/**
 * What each environment variable means, in the operator's words: the source of the configuration table in
 * docs/operations.md (`npm run docs:env` writes it; app/lib/env-docs.test.ts fails when it is stale). Typed by
 * the schema's names (app/lib/env.server.ts), so a variable added there without a line here does not compile.
 */
import type { EnvName } from "./env.server";

export type EnvDoc = { default: string; meaning: string };

export const ENV_DOCS: Record<EnvName, EnvDoc> = {
  PORT: { default: "`3000`", meaning: "TCP port to listen on" },
  HOST: { default: "`0.0.0.0`", meaning: "Address to bind" },
  NODE_ENV: { default: "`production` under `npm start`", meaning: "`production` or `development`" },
  DATABASE_URL: {
    default: "`data/rampart.db`",
    meaning:
      "Path of the SQLite file, relative to the working directory or absolute; a `file:` prefix is accepted. Its directory is the **data directory**.",
  },
  SESSION_SECRET: {
    default: "generated",
    meaning:
      "Secret that signs the session cookie (32 characters or more). When unset, a random secret is generated on first start into `<data dir>/session-secret` (mode 0600) and the log says so. Changing it signs everyone out.",
  },
  TRUST_PROXY: {
    default: "off",
    meaning:
      'The reverse proxies in front of Rampart whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed: a hop count (`1` or `true` for one proxy, `2` for a load balancer then nginx, up to 10) or a comma-separated list of the proxies\' addresses or subnets (`10.0.0.5, 10.1.0.0/16`, and the names `loopback`, `linklocal`, `uniquelocal`). The client address is the one the nearest trusted proxy saw. Anything else stops the start. Leave it off when clients connect directly. See "Behind a reverse proxy".',
  },
  SECURITY_CONTACT_EMAIL: {
    default: "`security@rampart.example.com`",
    meaning: 'Address of the "contact our security team" link on the error screen',
  },
  PUBLIC_URL: {
    default: "unset",
    meaning:
      "Public origin of the site, e.g. `https://rampart.example.org` (or store one with `npm run admin -- public-url <url>`; `PUBLIC_URL` wins when both are set). **Needed for link mail**: password reset, e-mail verification and invitation mails take their links from it and never from a request's `Host` or `X-Forwarded-Host` (host-header poisoning would mail a victim a live token on the attacker's site). Without it no link mail is sent: the person is told the server cannot mail links yet (the same answer whether or not the address has an account), each refusal logs a `warn` line (`password-reset mail not sent: no public address is configured…`), `/admin` shows a notice, and a production start logs a warning once. It also feeds canonical links, the sign-in troubleshooting page and the sitemap; without it those take the host from each request and every page and file that embeds the host is sent `Cache-Control: no-store` (and kept out of the page cache). An `https://` address also makes the session cookie `__Host-rampart_session` (see \"Behind a reverse proxy\").",
  },
  RAMPART_TEST_ROUTES: {
    default: "`0`",
    meaning: "`1` enables test-only routes (used by the end-to-end suite). Never set it in production.",
  },
  RAMPART_ALLOW_PRIVATE_TARGETS: {
    default: "`0`",
    meaning:
      "`1` lets outbound requests (web posture scans, TLS checks, webhooks) reach private, loopback, link-local and CGNAT addresses. Off by default so a user cannot make the server fetch internal services or cloud metadata (`169.254.169.254`); set it only when Rampart scans your own intranet.",
  },
  RAMPART_JOBS: {
    default: "`1`",
    meaning:
      "`0` keeps this process from running background jobs (when another process runs them). The modules' reactions to stored events (anomalies, Sigma detection, playbook starts) still run.",
  },
  RAMPART_RENDER_CONCURRENCY: {
    default: "`3`",
    meaning:
      "How many page renders (GET of a page or its data, not `/api/*`, not form posts) run at once; the others wait their turn in arrival order before any of their work starts. Fewer documents in flight means less memory held and less garbage-collection time per page (`docs/decisions/022-signed-in-page-speed.md`, third pass). A render still running after 1 s gives up its turn (a slow page never blocks the queue); a request whose client left while waiting is dropped. `0` admits every request at once.",
  },
  RAMPART_ALERT_STREAMS_PER_SESSION: {
    default: "`4`",
    meaning:
      'Open real-time alert streams allowed per session (or API token); beyond it `429`. See "Real-time alerts behind a proxy".',
  },
  RAMPART_ALERT_STREAMS_PER_TENANT: { default: "`20`", meaning: "Open real-time alert streams per organization." },
  RAMPART_ALERT_STREAMS_TOTAL: { default: "`500`", meaning: "Open real-time alert streams in the whole process." },
  RAMPART_OPERATOR_EMAILS: {
    default: "unset",
    meaning:
      'Comma-separated e-mail addresses of the install\'s operators: an account at one of them opens the operator console (`/operator`) once its address is verified (an unverified sign-up with the address gets nothing). The first operator without the command line; `npm run admin -- operator <email>` is the other way. See "Operator console".',
  },
  RAMPART_DNS_SERVERS: {
    default: "system resolvers",
    meaning:
      'DNS servers that domain verification asks for `rampart-verification=` TXT records: comma-separated `ip` or `ip:port` (`[v6]:port` for IPv6), e.g. `1.1.1.1,9.9.9.9`. Unset: the resolvers of `/etc/resolv.conf`. A value that is not an address stops the start. See "Domain verification".',
  },
  RAMPART_HEAP_GROWING_PERCENT: {
    default: "`20`",
    meaning:
      "How much V8 grows the heap between full garbage collections; `0` keeps V8's default (a little less CPU, 250–450 MB RSS under load instead of under 200 MB).",
  },
  RAMPART_EVENTS_DAILY_QUOTA: {
    default: "the plan's",
    meaning:
      "Events an organization may send per UTC day, for every plan; beyond it ingestion answers `429` until midnight UTC.",
  },
  RAMPART_EVENTS_DAILY_MB: {
    default: "the plan's",
    meaning: "Megabytes of events an organization may store per UTC day, for every plan; beyond it `429`.",
  },
  RAMPART_LOCKFILE_DEADLINE_MS: {
    default: "`10000`",
    meaning:
      "How long one lockfile upload may take in its worker thread (100 to 600,000); past it the upload is answered `413`.",
  },
  RAMPART_NETWORK_SCANS: {
    default: "`0`",
    meaning:
      'Set to `1` to let the server run Debian\'s `nmap` (an optional system package) on the network targets organizations have verified: hosts of DNS-verified domains, or IP ranges an owner attested and the operator approved. Fixed arguments, one scan at a time. See "Network scans".',
  },
  RAMPART_NETWORK_SCAN_TIMEOUT_MS: {
    default: "`240000`",
    meaning:
      "How long one scheduled Nmap scan may run (10,000 to 280,000 ms, below the job lease) before it is stopped and recorded as failed.",
  },
  PHISHING_WORKERS: {
    default: "up to 2",
    meaning: "Worker threads of the phishing analyzer (1 to 16); by default the cores, at most 2.",
  },
  LOCKFILE_WORKERS: {
    default: "up to 2",
    meaning: "Worker threads that read uploaded lockfiles (1 to 16); by default one fewer than the cores, at most 2.",
  },
  SMTP_HOST: {
    default: "unset",
    meaning:
      'The SMTP server. Unset: no e-mail is sent (e-mail channels record a failed attempt saying so). See "E-mail".',
  },
  SMTP_PORT: { default: "`587`", meaning: "`465` with `SMTP_SECURE=1`." },
  SMTP_SECURE: {
    default: "unset",
    meaning: "`1`: TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it.",
  },
  SMTP_USER: { default: "unset", meaning: "SMTP user name, when the server asks for credentials." },
  SMTP_PASSWORD: { default: "unset", meaning: "SMTP password, with `SMTP_USER`." },
  SMTP_FROM: { default: "`Rampart <no-reply@localhost>`", meaning: "The sender, e.g. `Rampart <alerts@example.com>`." },
  SMTP_TLS_REJECT_UNAUTHORIZED: {
    default: "`1`",
    meaning: "`0` accepts a self-signed certificate (closed networks only).",
  },
  RAMPART_FEEDS: {
    default: "`on`",
    meaning:
      '`off` schedules no intelligence feed job and downloads nothing (air-gapped installs import files instead; see "Intelligence feeds").',
  },
  RAMPART_OSV_BASE_URL: {
    default: "`https://osv-vulnerabilities.storage.googleapis.com`",
    meaning:
      "Where the OSV exports are fetched (`<base>/<Ecosystem>/all.zip`); an internal mirror with the same layout works.",
  },
  RAMPART_OSV_ECOSYSTEMS: {
    default: "`npm,PyPI,Go,crates.io,Maven,RubyGems,Packagist,Debian,Ubuntu,Alpine`",
    meaning:
      "The OSV ecosystems to download, comma-separated (one feed job each). Debian, Ubuntu and Alpine match the OS packages devices report to Endpoint Security; without them those packages are not checked.",
  },
  RAMPART_KEV_URL: {
    default: "`https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json`",
    meaning: "Where the CISA Known Exploited Vulnerabilities catalogue is fetched.",
  },
  RAMPART_EPSS_URL: {
    default: "`https://epss.empiricalsecurity.com/epss_scores-current.csv.gz`",
    meaning: "Where the FIRST EPSS scores are fetched (gzip or plain CSV).",
  },
  RAMPART_PWNED_RANGE_URL: {
    default: "`https://api.pwnedpasswords.com/range/`",
    meaning: "The Pwned Passwords range API asked for password breach checks (only a 5-hex SHA-1 prefix is sent).",
  },
  RAMPART_FEED_MAX_AGE_DAYS: {
    default: "`7`",
    meaning:
      'Days after which a feed\'s data is stale (1 to 365): verdicts without findings then say "not checked", and `/admin/feeds` says so.',
  },
  HIBP_SYNC: { default: "`1`", meaning: "`0` turns the daily breach catalogue sync off (the end-to-end suite does)." },
  HIBP_BASE_URL: {
    default: "`https://haveibeenpwned.com`",
    meaning: "Where the breach catalogue is fetched (tests point it at a local fake).",
  },
  HIBP_API_KEY: { default: "unset", meaning: "Enables domain search for verified domains." },
  RAMPART_CATALOG_DIR: {
    default: "`db/catalogs`",
    meaning: "Where the compliance framework files are read from.",
  },
  RAMPART_MIGRATIONS_DIR: { default: "`db/migrations`", meaning: "Where the database migrations are read from." },
  RAMPART_BUILD: { default: "`build/index.js`", meaning: "The app build the server loads." },
  RAMPART_LAYERS_OFF: {
    default: "empty",
    meaning:
      "Comma-separated server layers to switch off, only to measure what each costs (`docs/decisions/010-server-layers.md`). Never set in production.",
  },
};

export const ENV_TABLE_START = "<!-- env-table:start (generated by npm run docs:env from app/lib/env-docs.ts) -->";
export const ENV_TABLE_END = "<!-- env-table:end -->";

/** The configuration table of docs/operations.md. */
export function envTable(): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = Object.entries(ENV_DOCS).map(([name, d]) => `| \`${name}\` | ${cell(d.default)} | ${cell(d.meaning)} |`);
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

/** `markdown` with the text between the two markers replaced by the current table. */
export function withEnvTable(markdown: string): string {
  const start = markdown.indexOf(ENV_TABLE_START);
  const end = markdown.indexOf(ENV_TABLE_END);
  if (start < 0 || end < start) throw new Error("docs/operations.md has no env-table markers");
  return markdown.slice(0, start + ENV_TABLE_START.length) + "\n" + envTable() + "\n" + markdown.slice(end);
}

/** The table's rows as trimmed cells, so a formatter's column padding (Prettier) does not make it stale. */
function cells(table: string): string[][] {
  return table
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("|") && !/^\|[\s:|-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** True when the table between the markers says what ENV_DOCS says. */
export function envTableIsCurrent(markdown: string): boolean {
  const start = markdown.indexOf(ENV_TABLE_START);
  const end = markdown.indexOf(ENV_TABLE_END);
  if (start < 0 || end < start) return false;
  return (
    JSON.stringify(cells(markdown.slice(start + ENV_TABLE_START.length, end))) === JSON.stringify(cells(envTable()))
  );
}

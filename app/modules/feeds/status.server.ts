/**
 * The operator's view of every feed (issue 30): last successful sync, records
 * held, next run, last error, and whether the data is stale. One function for
 * the admin page and its JSON twin (/admin/feeds, /admin/feeds.json).
 */
import { getEnv } from "~/lib/env.server";
import { getJobByKey } from "~/lib/jobs.server";
import { hibpFeedState } from "~/modules/breach";
import { EPSS_FEED, EPSS_JOB, KEV_FEED, KEV_JOB } from "./exploit.server";
import { OSV_FEED_JOB, osvEcosystems, osvFeedName } from "./osv.server";
import { feedMaxAgeMs, feedStateOf } from "./state.server";

export type FeedStatus = {
  feed: string;
  label: string;
  source: string;
  enabled: boolean;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  records: number;
  nextRunAt: string | null;
  lastError: string | null;
  /** No success yet, or the last one older than RAMPART_FEED_MAX_AGE_DAYS. */
  stale: boolean;
};

const iso = (t: number | null | undefined) => (t ? new Date(t).toISOString() : null);

function nextRun(key: string): number | null {
  return getJobByKey(key)?.runAt ?? null;
}

export function feedStatuses(now = Date.now()): FeedStatus[] {
  const env = getEnv();
  const on = env.RAMPART_FEEDS === "on";
  const maxAge = feedMaxAgeMs();
  const row = (feed: string, label: string, source: string, jobKey: string | null, enabled = on): FeedStatus => {
    const s = feedStateOf(feed);
    return {
      feed,
      label,
      source,
      enabled,
      lastSuccessAt: iso(s?.lastSuccessAt),
      lastAttemptAt: iso(s?.lastAttemptAt),
      records: s?.records ?? 0,
      nextRunAt: enabled && jobKey ? iso(nextRun(jobKey)) : null,
      lastError: s?.lastError ?? null,
      stale: !s?.lastSuccessAt || now - s.lastSuccessAt > maxAge,
    };
  };
  const base = env.RAMPART_OSV_BASE_URL.replace(/\/+$/, "");
  const hibp = hibpFeedState();
  const hibpOn = env.HIBP_SYNC !== "0";
  return [
    ...osvEcosystems().map((eco) =>
      row(osvFeedName(eco), `OSV advisories: ${eco}`, `${base}/${eco}/all.zip`, `${OSV_FEED_JOB}:${eco}`),
    ),
    row("osv:import", "OSV advisories: operator import", "npm run import:osv", null, true),
    row(KEV_FEED, "CISA Known Exploited Vulnerabilities", env.RAMPART_KEV_URL, KEV_JOB),
    row(EPSS_FEED, "FIRST EPSS scores", env.RAMPART_EPSS_URL, EPSS_JOB),
    row("pwned-range", "Pwned Passwords range API (cache)", env.RAMPART_PWNED_RANGE_URL, null),
    {
      feed: "hibp",
      label: "Have I Been Pwned breach catalogue",
      source: hibp?.baseUrl ?? "https://haveibeenpwned.com",
      enabled: hibpOn,
      lastSuccessAt: iso(hibp?.lastSyncAt),
      lastAttemptAt: iso(hibp?.lastAttemptAt),
      records: hibp?.breachCount ?? 0,
      nextRunAt: hibpOn ? iso(nextRun("breach.hibp-sync")) : null,
      lastError: hibp?.lastError ?? null,
      stale: !hibp?.lastSyncAt || now - hibp.lastSyncAt > maxAge,
    },
  ];
}

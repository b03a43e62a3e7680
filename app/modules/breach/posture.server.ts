/**
 * Dark web monitoring's posture contribution (issue 31) and usage figures, from its own tables. Assessed only
 * while an identity is watched and the breach corpus is loaded: an empty corpus checked nothing.
 */
import { count, eq, min } from "drizzle-orm";
import { breaches, exposures, watchedIdentities } from "./schema";
import { db } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";

export function darkWebContribution(tenantId: string): Contribution {
  const watched = db
    .select({ n: count(), since: min(watchedIdentities.createdAt) })
    .from(watchedIdentities)
    .where(eq(watchedIdentities.tenantId, tenantId))
    .get();
  const corpus = db.select({ n: count() }).from(breaches).get()?.n ?? 0;
  const assessed = (watched?.n ?? 0) > 0 && corpus > 0;
  const rows = assessed
    ? db
        .select({ id: exposures.id, status: exposures.status, foundAt: exposures.foundAt, title: breaches.title })
        .from(exposures)
        .innerJoin(breaches, eq(breaches.id, exposures.breachId))
        .where(eq(exposures.tenantId, tenantId))
        .all()
    : [];
  return {
    coverage: {
      module: "dark-web",
      label: "Dark Web Monitoring",
      href: "/dark-web-monitoring",
      assessed,
      since: assessed ? (watched?.since ?? null) : null,
      statement: !watched?.n
        ? "Not assessed: no e-mail address or domain is watched yet."
        : corpus === 0
          ? "Not assessed: no breach data has been loaded yet, so nothing was checked."
          : `${plural(watched.n, "identity", "identities")} checked against ${plural(corpus, "known breach", "known breaches")}.`,
    },
    findings: rows.map((r) => ({
      key: `dark-web:${r.id}`,
      module: "dark-web",
      action: "resolve-exposures",
      title: `Exposed in the ${r.title} breach`,
      severity: "high",
      state: r.status === "open" ? "open" : r.status === "skipped" ? "accepted" : "resolved",
      foundAt: r.foundAt,
      // The resolution time of an exposure is not stored: counted as resolved from when it was found.
      closedAt: r.status === "open" ? null : r.foundAt,
    })),
    actions: [
      {
        id: "resolve-exposures",
        module: "dark-web",
        title: "Resolve breach exposures",
        points: 10,
        href: "/dark-web-monitoring",
        how: "Change the exposed passwords, turn on multi-factor authentication, then mark each exposure resolved.",
      },
    ],
  };
}

/** Identities added to watch and exposures found since `since` (null: ever). */
export function breachUsageSince(tenantId: string, since: number | null) {
  return {
    identitiesWatched: countSince(watchedIdentities, tenantId, watchedIdentities.createdAt, since),
    exposuresFound: countSince(exposures, tenantId, exposures.foundAt, since),
  };
}

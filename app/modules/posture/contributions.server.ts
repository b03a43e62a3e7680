/**
 * What each working module contributes to the posture (issue 31): its findings
 * (severity, state open / accepted / resolved, when found and closed), its
 * improvement actions with their points, and a coverage statement saying
 * whether the module has assessed anything. A module without data is "not
 * assessed": it adds no points achievable and no points achieved, so an
 * unused module never counts as good (nor as bad).
 *
 * A contribution reads only the tenant's own rows (every query takes the
 * tenant id) plus the shared reference data a check needs (breach corpus,
 * OSV advisories): a check without its reference data is "not assessed" too,
 * so a feed that never loaded (issue 30) reads as not assessed, never as clean.
 */
import { and, count, eq, inArray, min, sql } from "drizzle-orm";
import {
  alerts,
  anomalies,
  breaches,
  complianceAdoptions,
  depFindings,
  depProjects,
  detectionRules,
  events,
  exposures,
  incidents,
  osvAdvisories,
  phishingItems,
  privacyRequests,
  watchedIdentities,
  webFindings,
  webScans,
} from "@db/schema";
import { db } from "~/lib/db.server";
import { overallComplianceScore } from "~/modules/compliance";

export type Severity = "critical" | "high" | "medium" | "low";
export type FindingState = "open" | "accepted" | "resolved";

export type PostureFinding = {
  /** Stable across reads: `<module>:<source object id>`. */
  key: string;
  module: ModuleKey;
  /** The improvement action whose points this finding weighs on (null: recorded, not scored). */
  action: string | null;
  title: string;
  severity: Severity;
  state: FindingState;
  /** When found, and when it was resolved or accepted (null while open or when the time was not stored). */
  foundAt: number;
  closedAt: number | null;
};

export type ImprovementActionDef = {
  id: string;
  module: ModuleKey;
  title: string;
  /** Points achievable while the module is assessed. */
  points: number;
  href: string;
  /**
   * Fraction achieved when the action is measured by something other than its findings (compliance: the
   * adopted frameworks' score). Otherwise: resolved findings over all its findings, 1 when it has none.
   */
  fraction?: number;
  /** What it takes, in one sentence (shown with the recommendation). */
  how: string;
};

export type Coverage = {
  module: ModuleKey;
  /** The module's name as the sidebar says it. */
  label: string;
  href: string;
  assessed: boolean;
  /** One sentence: what was checked, or why nothing was. */
  statement: string;
  /** When the module first had data to judge (null: not assessed); the trend counts it from then on. */
  since: number | null;
};

export type Contribution = { coverage: Coverage; findings: PostureFinding[]; actions: ImprovementActionDef[] };

export const MODULE_KEYS = [
  "dark-web",
  "phishing",
  "dependencies",
  "websites",
  "privacy",
  "compliance",
  "logs",
  "detection",
  "incidents",
  "password",
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const n = (row: { n: number } | undefined) => row?.n ?? 0;
const toSeverity = (s: string): Severity =>
  s === "critical" || s === "high" || s === "medium" || s === "low" ? s : "low";

function darkWeb(tenantId: string): Contribution {
  const watched = db
    .select({ n: count(), since: min(watchedIdentities.createdAt) })
    .from(watchedIdentities)
    .where(eq(watchedIdentities.tenantId, tenantId))
    .get();
  const corpus = n(db.select({ n: count() }).from(breaches).get());
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

/**
 * The same message analysed again is one finding (same Message-ID, sender and subject; or, without a
 * Message-ID, the same sender, subject and text), whatever rows earlier versions stored for it.
 */
export function messageKey(m: {
  messageId: string | null;
  sender: string;
  subject: string;
  bodyText: string | null;
}): string {
  return m.messageId
    ? `id\u0000${m.messageId}\u0000${m.sender}\u0000${m.subject}`
    : `text\u0000${m.sender}\u0000${m.subject}\u0000${m.bodyText ?? ""}`;
}

function phishing(tenantId: string): Contribution {
  const rows = db
    .select({
      id: phishingItems.id,
      risk: phishingItems.risk,
      status: phishingItems.status,
      subject: phishingItems.subject,
      sender: phishingItems.sender,
      messageId: phishingItems.messageId,
      bodyText: phishingItems.bodyText,
      createdAt: phishingItems.createdAt,
    })
    .from(phishingItems)
    .where(eq(phishingItems.tenantId, tenantId))
    .orderBy(phishingItems.createdAt)
    .all();
  const since = rows[0]?.createdAt ?? null;
  const byMessage = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const k = messageKey(r);
    const seen = byMessage.get(k);
    // One finding per message: quarantined when any copy is, found when first analysed.
    if (!seen) byMessage.set(k, r);
    else if (r.status === "quarantined") byMessage.set(k, { ...seen, status: "quarantined" });
  }
  const messages = [...byMessage.values()];
  return {
    coverage: {
      module: "phishing",
      label: "Phishing Analyzer",
      href: "/phishing",
      assessed: rows.length > 0,
      since,
      statement:
        rows.length === 0
          ? "Not assessed: no message has been analysed yet."
          : `${plural(messages.length, "message")} analysed.`,
    },
    findings: messages
      .filter((m) => m.risk !== "low")
      .map((m) => ({
        key: `phishing:${m.id}`,
        module: "phishing" as const,
        // A caught message is the screening working: recorded as a finding, never weighed against the score.
        action: null,
        title: `Phishing message: ${m.subject}`,
        severity: m.risk === "high" ? ("high" as const) : ("medium" as const),
        state: m.status === "quarantined" ? ("resolved" as const) : ("open" as const),
        foundAt: m.createdAt,
        closedAt: null,
      })),
    actions: [
      {
        id: "screen-mail",
        module: "phishing",
        title: "Screen suspicious mail",
        points: 5,
        href: "/phishing",
        fraction: 1,
        how: "Paste suspicious e-mails into the analyzer and quarantine the dangerous ones.",
      },
    ],
  };
}

function dependencies(tenantId: string): Contribution {
  const projects = db
    .select({ n: count(), since: min(depProjects.createdAt) })
    .from(depProjects)
    .where(eq(depProjects.tenantId, tenantId))
    .get();
  const advisories = n(db.select({ n: count() }).from(osvAdvisories).get());
  const assessed = (projects?.n ?? 0) > 0 && advisories > 0;
  const rows = assessed
    ? db
        .select({
          id: depFindings.id,
          packageName: depFindings.packageName,
          version: depFindings.version,
          advisoryId: depFindings.advisoryId,
          severity: depFindings.severity,
          status: depFindings.status,
          discoveredAt: depFindings.discoveredAt,
          resolvedAt: depFindings.resolvedAt,
        })
        .from(depFindings)
        .where(eq(depFindings.tenantId, tenantId))
        .all()
    : [];
  return {
    coverage: {
      module: "dependencies",
      label: "Vulnerability Scan (dependencies)",
      href: "/vulnerability",
      assessed,
      since: assessed ? (projects?.since ?? null) : null,
      statement: !projects?.n
        ? "Not assessed: no lockfile or SBOM has been uploaded yet."
        : advisories === 0
          ? "Not assessed: no vulnerability advisories have been loaded yet, so nothing was checked."
          : `${plural(projects.n, "project")} checked against ${plural(advisories, "advisory", "advisories")}.`,
    },
    findings: rows.map((r) => {
      const severity = toSeverity(r.severity);
      return {
        key: `dependencies:${r.id}`,
        module: "dependencies" as const,
        action: severity === "critical" || severity === "high" ? "patch-serious-dependencies" : "patch-dependencies",
        title: `${r.advisoryId} in ${r.packageName} ${r.version}`,
        severity,
        state:
          r.status === "open"
            ? ("open" as const)
            : r.status === "accepted"
              ? ("accepted" as const)
              : ("resolved" as const),
        foundAt: r.discoveredAt,
        closedAt: r.status === "open" ? null : (r.resolvedAt ?? r.discoveredAt),
      };
    }),
    actions: [
      {
        id: "patch-serious-dependencies",
        module: "dependencies",
        title: "Patch critical and high dependency vulnerabilities",
        points: 15,
        href: "/vulnerability",
        how: "Upgrade each affected package to the fixed version and upload the lockfile again.",
      },
      {
        id: "patch-dependencies",
        module: "dependencies",
        title: "Patch medium and low dependency vulnerabilities",
        points: 5,
        href: "/vulnerability",
        how: "Upgrade the affected packages, or accept a finding with a reason when it does not apply.",
      },
    ],
  };
}

function websites(tenantId: string): Contribution {
  const scans = db
    .select({ n: count(), since: min(webScans.finishedAt) })
    .from(webScans)
    .where(and(eq(webScans.tenantId, tenantId), eq(webScans.status, "done")))
    .get();
  const assessed = (scans?.n ?? 0) > 0;
  const rows = assessed
    ? db
        .select({
          id: webFindings.id,
          title: webFindings.title,
          target: webFindings.target,
          severity: webFindings.severity,
          status: webFindings.status,
          discoveredAt: webFindings.discoveredAt,
          remediatedAt: webFindings.remediatedAt,
        })
        .from(webFindings)
        .where(eq(webFindings.tenantId, tenantId))
        .all()
    : [];
  return {
    coverage: {
      module: "websites",
      label: "Vulnerability Scan (websites)",
      href: "/vulnerability",
      assessed,
      since: assessed ? (scans?.since ?? null) : null,
      statement: assessed
        ? `${plural(scans!.n, "website scan")} completed.`
        : "Not assessed: no website scan has completed yet.",
    },
    findings: rows.map((r) => {
      const severity = toSeverity(r.severity);
      return {
        key: `websites:${r.id}`,
        module: "websites" as const,
        action: severity === "critical" || severity === "high" ? "fix-serious-website" : "fix-website",
        title: `${r.title} (${r.target})`,
        severity,
        state: r.status === "open" ? ("open" as const) : ("resolved" as const),
        foundAt: r.discoveredAt,
        closedAt: r.status === "open" ? null : (r.remediatedAt ?? r.discoveredAt),
      };
    }),
    actions: [
      {
        id: "fix-serious-website",
        module: "websites",
        title: "Fix critical and high website findings",
        points: 10,
        href: "/vulnerability",
        how: "Fix the site's configuration, then scan it again: a finding the next scan no longer sees is remediated.",
      },
      {
        id: "fix-website",
        module: "websites",
        title: "Fix medium and low website findings",
        points: 5,
        href: "/vulnerability",
        how: "Add the missing security headers and scan the site again.",
      },
    ],
  };
}

function privacy(tenantId: string, now: number): Contribution {
  const rows = db
    .select({
      id: privacyRequests.id,
      number: privacyRequests.number,
      status: privacyRequests.status,
      dueDate: privacyRequests.dueDate,
      closedOn: privacyRequests.closedOn,
      completedAt: privacyRequests.completedAt,
      createdAt: privacyRequests.createdAt,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.tenantId, tenantId))
    .all();
  const today = new Date(now).toISOString().slice(0, 10);
  const closed = (s: string) => s === "completed" || s === "rejected";
  // A request is a finding once it is late: open past its due date, or closed after it.
  const late = rows.filter((r) => (closed(r.status) ? (r.closedOn ?? "") > r.dueDate : r.dueDate < today));
  return {
    coverage: {
      module: "privacy",
      label: "Privacy Guard",
      href: "/privacy",
      assessed: rows.length > 0,
      since: rows.length ? Math.min(...rows.map((r) => r.createdAt)) : null,
      statement: rows.length
        ? `${plural(rows.length, "privacy request")} tracked against ${rows.length === 1 ? "its deadline" : "their deadlines"}.`
        : "Not assessed: no privacy request has been logged yet.",
    },
    findings: late.map((r) => ({
      key: `privacy:${r.id}`,
      module: "privacy" as const,
      action: "answer-on-time",
      title: `DSR-${r.number} ${closed(r.status) ? "was answered late" : "is past its due date"}`,
      severity: "high" as const,
      state: closed(r.status) ? ("resolved" as const) : ("open" as const),
      foundAt: Date.parse(`${r.dueDate}T23:59:59Z`),
      closedAt: closed(r.status) ? (r.completedAt ?? Date.parse(`${r.closedOn}T12:00:00Z`)) : null,
    })),
    actions: [
      {
        id: "answer-on-time",
        module: "privacy",
        title: "Answer privacy requests on time",
        points: 10,
        href: "/privacy",
        how: "Complete or reject each overdue request, or extend its deadline where the law allows.",
      },
    ],
  };
}

function compliance(tenantId: string): Contribution {
  const adoptions = db
    .select({ n: count(), since: min(complianceAdoptions.adoptedAt) })
    .from(complianceAdoptions)
    .where(eq(complianceAdoptions.tenantId, tenantId))
    .get();
  const adopted = adoptions?.n ?? 0;
  const score = adopted ? overallComplianceScore(tenantId) : null;
  return {
    coverage: {
      module: "compliance",
      label: "Compliance",
      href: "/compliance-monitoring",
      assessed: score !== null,
      since: adopted ? (adoptions?.since ?? null) : null,
      statement:
        score === null
          ? "Not assessed: no framework has been adopted yet."
          : `${plural(adopted, "framework")} adopted; requirements met: ${score}%.`,
    },
    // Requirements are tracked on the compliance page; their score is the action's measure, not a list of findings.
    findings: [],
    actions:
      score === null
        ? []
        : [
            {
              id: "meet-requirements",
              module: "compliance",
              title: "Meet your adopted frameworks' requirements",
              points: 15,
              href: "/compliance-monitoring",
              fraction: score / 100,
              how: "Mark requirements compliant with evidence, or not applicable with a justification.",
            },
          ],
  };
}

function logs(tenantId: string): Contribution {
  const stored = db
    .select({ n: count(), since: min(events.receivedAt) })
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .get();
  const assessed = (stored?.n ?? 0) > 0;
  const rows = assessed
    ? db
        .select({
          id: anomalies.id,
          type: anomalies.type,
          severity: anomalies.severity,
          status: anomalies.status,
          detectedAt: anomalies.detectedAt,
          user: anomalies.user,
          host: anomalies.host,
        })
        .from(anomalies)
        .where(eq(anomalies.tenantId, tenantId))
        .all()
    : [];
  return {
    coverage: {
      module: "logs",
      label: "Logs & Anomalies",
      href: "/logs",
      assessed,
      since: assessed ? (stored?.since ?? null) : null,
      statement: assessed
        ? `${plural(stored!.n, "event")} read by the anomaly detectors.`
        : "Not assessed: no log event has been received yet.",
    },
    findings: rows.map((r) => ({
      key: `logs:${r.id}`,
      module: "logs" as const,
      action: "review-anomalies",
      title: `${r.type.replace(/-/g, " ")}${r.user ? `: ${r.user}` : r.host ? `: ${r.host}` : ""}`,
      severity: r.severity,
      // Acknowledged is reviewed; benign is a false positive, closed as well (the time of the verdict is not stored).
      state: r.status === "open" ? ("open" as const) : ("resolved" as const),
      foundAt: r.detectedAt,
      closedAt: r.status === "open" ? null : r.detectedAt,
    })),
    actions: [
      {
        id: "review-anomalies",
        module: "logs",
        title: "Review anomalies in your logs",
        points: 10,
        href: "/logs#anomalies-title",
        how: "Acknowledge each anomaly you have looked into, or mark it benign so the same pattern is not raised again.",
      },
    ],
  };
}

function detection(tenantId: string): Contribution {
  const rules = n(
    db
      .select({ n: count() })
      .from(detectionRules)
      .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.enabled, true)))
      .get(),
  );
  const stored = n(db.select({ n: count() }).from(events).where(eq(events.tenantId, tenantId)).get());
  const assessed = rules > 0 && stored > 0;
  const since = assessed
    ? (db
        .select({ since: min(detectionRules.createdAt) })
        .from(detectionRules)
        .where(eq(detectionRules.tenantId, tenantId))
        .get()?.since ?? null)
    : null;
  const rows = assessed
    ? db
        .select({
          id: alerts.id,
          title: alerts.title,
          severity: alerts.severity,
          status: alerts.status,
          createdAt: alerts.createdAt,
          resolvedAt: alerts.resolvedAt,
        })
        .from(alerts)
        .where(and(eq(alerts.tenantId, tenantId), eq(alerts.source, "detection")))
        .all()
    : [];
  return {
    coverage: {
      module: "detection",
      label: "SIEM/SOAR",
      href: "/siem-soar",
      assessed,
      since: since === null ? null : Math.max(since, 0),
      statement: assessed
        ? `${plural(rules, "detection rule")} running on your events.`
        : rules === 0
          ? "Not assessed: no detection rule is enabled yet."
          : "Not assessed: no event has been received for the rules to run on.",
    },
    // One finding per detection alert: the alert already groups a rule's matches per host and window.
    findings: rows.map((r) => ({
      key: `detection:${r.id}`,
      module: "detection" as const,
      action: "triage-detections",
      title: r.title,
      severity: r.severity,
      state: r.status === "resolved" ? ("resolved" as const) : ("open" as const),
      foundAt: r.createdAt,
      closedAt: r.status === "resolved" ? (r.resolvedAt ?? r.createdAt) : null,
    })),
    actions: [
      {
        id: "triage-detections",
        module: "detection",
        title: "Triage detection alerts",
        points: 10,
        href: "/alerts?source=detection&status=open",
        how: "Investigate each detection and resolve its alert, or open a case for it.",
      },
    ],
  };
}

const OPEN_CASE = ["open", "investigating", "contained"] as const;

function incidentCases(tenantId: string): Contribution {
  const rows = db
    .select({
      id: incidents.id,
      number: incidents.number,
      title: incidents.title,
      severity: incidents.severity,
      status: incidents.status,
      openedAt: incidents.openedAt,
      resolvedAt: incidents.resolvedAt,
      closedAt: incidents.closedAt,
    })
    .from(incidents)
    // A case merged into another is the same incident: counted once, as the case it was merged into.
    .where(and(eq(incidents.tenantId, tenantId), sql`${incidents.mergedInto} is null`))
    .all();
  return {
    coverage: {
      module: "incidents",
      label: "Incident Response",
      href: "/incident-response",
      assessed: rows.length > 0,
      since: rows.length ? Math.min(...rows.map((r) => r.openedAt)) : null,
      statement: rows.length
        ? `${plural(rows.length, "incident case")} on record.`
        : "Not assessed: no incident case has been opened yet.",
    },
    findings: rows.map((r) => {
      const open = (OPEN_CASE as readonly string[]).includes(r.status);
      return {
        key: `incidents:${r.id}`,
        module: "incidents" as const,
        action: "resolve-cases",
        title: `IR-${r.number}: ${r.title}`,
        severity: r.severity,
        state: open ? ("open" as const) : ("resolved" as const),
        foundAt: r.openedAt,
        closedAt: open ? null : (r.resolvedAt ?? r.closedAt ?? r.openedAt),
      };
    }),
    actions: [
      {
        id: "resolve-cases",
        module: "incidents",
        title: "Resolve open incident cases",
        points: 10,
        href: "/incident-response?status=open",
        how: "Work each case through containment to resolution.",
      },
    ],
  };
}

/** Password checks run in the browser and store nothing: always stated, never scored. */
function password(): Contribution {
  return {
    coverage: {
      module: "password",
      label: "Password Analyzer",
      href: "/password",
      assessed: false,
      since: null,
      statement: "Not assessed: password checks run in your browser and nothing is stored to judge.",
    },
    findings: [],
    actions: [],
  };
}

/** Every module's contribution, in the sidebar's order. */
export function contributions(tenantId: string, now = Date.now()): Contribution[] {
  return [
    darkWeb(tenantId),
    phishing(tenantId),
    password(),
    privacy(tenantId, now),
    dependencies(tenantId),
    websites(tenantId),
    logs(tenantId),
    incidentCases(tenantId),
    compliance(tenantId),
    detection(tenantId),
  ];
}

/** Open alerts (active or acknowledged): the "Active threats" figure, the same count /alerts lists as open. */
export function openAlertCount(tenantId: string): number {
  return n(
    db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.tenantId, tenantId), inArray(alerts.status, ["active", "acknowledged"])))
      .get(),
  );
}

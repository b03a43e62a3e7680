/**
 * The posture model (issue 31): one computation that the dashboard,
 * /executive, /security, /usage, the recommendations and /api/dashboard all
 * read, so their figures agree to the unit.
 *
 * Score, Secure-Score-style (Microsoft Secure Score's "points achieved over
 * points achievable"; formula in docs/product.md §3):
 *   - each assessed module offers improvement actions worth fixed points;
 *   - an action earns points × (resolved findings / all its findings), or its
 *     points in full when it has no findings; an accepted finding earns
 *     nothing (as Secure Score's "risk accepted"); compliance earns its points
 *     × the adopted frameworks' score;
 *   - score = round(100 × Σ achieved / Σ achievable) over assessed modules
 *     only; null ("Not assessed") while no module is assessed.
 * A caught phishing message is recorded as a finding but weighs on no
 * action: catching phishing never lowers the score.
 */
import { openAlertCount } from "~/modules/alerts";
import { appRoute } from "~/lib/app-routes";
import { contributions } from "./contributions.server";
import type { Contribution, Coverage, FindingState, ImprovementActionDef, PostureFinding, Severity } from "./types";

export type { Coverage, FindingState, PostureFinding, Severity } from "./types";

export type SeverityCounts = Record<Severity, number>;

export type ImprovementAction = ImprovementActionDef & {
  achieved: number;
  /** Points still to earn. */
  remaining: number;
  /** The findings it weighs on that are still open. */
  openFindings: number;
  /** Why, in words: which findings, or what the measure is. */
  why: string;
};

export type Posture = {
  /** 0–100, null while nothing is assessed. */
  score: number | null;
  pointsAchieved: number;
  pointsAchievable: number;
  coverage: Coverage[];
  actions: ImprovementAction[];
  counts: {
    openFindings: number;
    openBySeverity: SeverityCounts;
    acceptedFindings: number;
    resolvedFindings: number;
    /** Open alerts (active or acknowledged), as /alerts lists them. */
    activeThreats: number;
    darkWebHits: number;
    /** Distinct messages rated medium or high risk (the same message analysed twice counts once). */
    phishingDetected: number;
    anomalies: number;
    incidents: number;
    incidentsResolved: number;
  };
};

const SEVERITIES: Severity[] = ["critical", "high", "medium", "low"];
const round1 = (x: number) => Math.round(x * 10) / 10;

function stateAt(f: PostureFinding, at: number): FindingState | null {
  if (f.foundAt > at) return null;
  if (f.state === "open") return "open";
  return f.closedAt !== null && f.closedAt <= at ? f.state : "open";
}

/** The recommendation names what to fix: the most severe open findings, three at most. */
function openNamed(findings: PostureFinding[]): string {
  const open = findings
    .filter((f) => f.state === "open")
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || b.foundAt - a.foundAt);
  if (open.length === 0) return "";
  const named = open.slice(0, 3).map((f) => `“${f.title}”`);
  const more = open.length - named.length;
  return ` Open: ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`;
}

/** Points of every action of the assessed modules, with findings as they stood at `at` (default: now). */
function scoreActions(parts: Contribution[], at?: number): ImprovementAction[] {
  const out: ImprovementAction[] = [];
  for (const part of parts) {
    if (!part.coverage.assessed) continue;
    if (at !== undefined && (part.coverage.since === null || part.coverage.since > at)) continue;
    for (const action of part.actions) {
      const mine = part.findings.filter((f) => f.action === action.id);
      const states = mine
        .map((f) => (at === undefined ? f.state : stateAt(f, at)))
        .filter((s): s is FindingState => s !== null);
      const open = states.filter((s) => s === "open").length;
      const resolved = states.filter((s) => s === "resolved").length;
      const fraction = action.fraction ?? (states.length === 0 ? 1 : resolved / states.length);
      const achieved = round1(action.points * fraction);
      const why =
        action.fraction !== undefined && action.measure !== undefined
          ? action.measure
          : action.fraction !== undefined && action.module === "compliance"
            ? `Requirements met across your adopted frameworks: ${Math.round(fraction * 100)}%.`
            : states.length === 0
              ? "Nothing to fix: no finding so far."
              : `${open} open, ${resolved} resolved${states.length - open - resolved ? `, ${states.length - open - resolved} accepted` : ""} of ${states.length} finding${states.length === 1 ? "" : "s"}.${at === undefined ? openNamed(mine) : ""}`;
      out.push({ ...action, achieved, remaining: round1(action.points - achieved), openFindings: open, why });
    }
  }
  return out;
}

function total(actions: ImprovementAction[]) {
  const achievable = actions.reduce((s, a) => s + a.points, 0);
  const achieved = round1(actions.reduce((s, a) => s + a.achieved, 0));
  return { achievable, achieved, score: achievable === 0 ? null : Math.round((100 * achieved) / achievable) };
}

export function computePosture(tenantId: string, now = Date.now()): Posture {
  const parts = contributions(tenantId, now);
  const actions = scoreActions(parts);
  const { achievable, achieved, score } = total(actions);
  // Findings count only where the module is assessed (a feed that never loaded shows nothing, not zero).
  const findings = parts.filter((p) => p.coverage.assessed).flatMap((p) => p.findings);
  const openBySeverity: SeverityCounts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) if (f.state === "open") openBySeverity[f.severity] += 1;
  const of = (module: string) => findings.filter((f) => f.module === module);
  return {
    score,
    pointsAchieved: achieved,
    pointsAchievable: achievable,
    // Each module under its route-map name, the one the sidebar shows (issue 32), keeping the part a module with
    // two contributions adds in brackets ("Vulnerability Scan (websites)"), so no two entries read the same.
    coverage: parts.map((p) => {
      const part = /\(([^()]+)\)$/.exec(p.coverage.label)?.[1];
      const name = appRoute(p.coverage.href).label;
      return { ...p.coverage, label: part ? `${name} (${part})` : name };
    }),
    actions,
    counts: {
      openFindings: SEVERITIES.reduce((s, k) => s + openBySeverity[k], 0),
      openBySeverity,
      acceptedFindings: findings.filter((f) => f.state === "accepted").length,
      resolvedFindings: findings.filter((f) => f.state === "resolved").length,
      activeThreats: openAlertCount(tenantId),
      darkWebHits: of("dark-web").filter((f) => f.state === "open").length,
      phishingDetected: of("phishing").length,
      anomalies: of("logs").filter((f) => f.state === "open").length,
      incidents: of("incidents").length,
      incidentsResolved: of("incidents").filter((f) => f.state === "resolved").length,
    },
  };
}

export type PostureTrendPoint = { date: string; label: string; score: number };

/**
 * The score at the end of each of the last `days` days, oldest first, from
 * the stored findings' found and closed times. Days before any module was
 * assessed (before the account existed, in particular) have no score and are
 * left out: a trend never starts at a made-up "0".
 */
export function postureTrend(tenantId: string, days = 14, now = Date.now()): PostureTrendPoint[] {
  const dayMs = 86_400_000;
  const parts = contributions(tenantId, now);
  const firstEnd = Math.floor(now / dayMs) * dayMs - (days - 2) * dayMs;
  const out: PostureTrendPoint[] = [];
  for (let i = 0; i < days; i++) {
    const end = Math.min(firstEnd + i * dayMs, now);
    const { score } = total(scoreActions(parts, end));
    if (score === null) continue;
    const date = new Date(end - 1).toISOString().slice(0, 10);
    out.push({ date, label: date.slice(5), score });
  }
  return out;
}

export type Recommendation = {
  id: string;
  priority: "high" | "medium" | "low";
  title: string;
  action: string;
  href: string;
  /** Points the score gains when the action is done. */
  points: number;
  why: string;
};

/**
 * The improvement actions not yet done, most points to gain first; then the
 * modules not yet assessed (each a first step, no points until it has data).
 * A done action drops off by itself: it has nothing left to gain.
 */
export function rankRecommendations(p: Posture, limit = 6): Recommendation[] {
  const todo = p.actions
    .filter((a) => a.remaining > 0)
    .sort((a, b) => b.remaining - a.remaining || b.openFindings - a.openFindings)
    .map((a): Recommendation => ({
      id: a.id,
      priority: a.remaining >= 8 ? "high" : a.remaining >= 3 ? "medium" : "low",
      title: a.title,
      action: a.how,
      href: a.href,
      points: a.remaining,
      why: a.why,
    }));
  const setup = p.coverage
    .filter((c) => !c.assessed && c.module !== "password")
    .map((c): Recommendation => ({
      id: `assess-${c.module}`,
      priority: "low",
      title: `Start using ${c.label}`,
      action: c.statement.replace(/^Not assessed: /, ""),
      href: c.href,
      points: 0,
      why: "Not assessed yet: this module adds to the score once it has data to judge.",
    }));
  return [...todo, ...setup].slice(0, limit);
}

/** The headline figures every page shows the same way (dashboard, /executive, /security). */
export function postureSummary(p: Posture) {
  return {
    score: p.score,
    pointsAchieved: p.pointsAchieved,
    pointsAchievable: p.pointsAchievable,
    openFindings: p.counts.openFindings,
    openBySeverity: p.counts.openBySeverity,
    activeThreats: p.counts.activeThreats,
    incidents: p.counts.incidents,
    incidentsResolved: p.counts.incidentsResolved,
    assessed: p.coverage.filter((c) => c.assessed).map((c) => c.label),
    notAssessed: p.coverage.filter((c) => !c.assessed).map((c) => c.label),
  };
}
export type PostureSummary = ReturnType<typeof postureSummary>;

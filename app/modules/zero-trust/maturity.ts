/**
 * Zero Trust maturity from what a team claims and what Rampart sees (pure: no database, no clock).
 *
 * - Evidence: facts other modules hold, each turned into "this function is at least at stage N" with the fact
 *   shown. A fact only ever supports a stage; it never lowers a claim by itself. A module without data gives no
 *   evidence (never a "supports Traditional" that reads as a verdict).
 * - A claimed stage above the highest stage the evidence supports is flagged, with the fact that falls short.
 * - Maturity: the mean claimed stage per group (pillar or capability) on the 0-3 scale, and overall the mean of
 *   the assessed groups. A group nobody assessed has no maturity (null), not zero.
 * - Roadmap: for each assessed or evidenced function below Optimal, the next stage's description and where in
 *   Rampart to take the step, ordered by impact (high first) then effort (low first).
 */
import { STAGES, ZTMM, ZT_FUNCTIONS, type Stage, type ZtGroup } from "./model";

export type Claim = { functionId: string; stage: Stage; notes: string; links: string[]; updatedAt: number };

export type Evidence = {
  functionId: string;
  /** The highest stage this fact supports. */
  supports: Stage;
  /** The fact, in a sentence a person can check. */
  fact: string;
  /** Where the fact comes from in Rampart. */
  href: string;
};

/** What other modules report, as plain figures; a field is null when its module has no data (not checked). */
export type ZtFacts = {
  identity: {
    members: number;
    withTwoFactor: number;
    twoFactorRequired: boolean;
    passkeyUsers: number;
    ssoConfigured: boolean;
    ssoEnforced: boolean;
  } | null;
  breachMonitoring: { assessed: boolean; statement: string } | null;
  dependencies: { assessed: boolean; statement: string } | null;
  websites: { assessed: boolean; statement: string } | null;
  logs: { events: number } | null;
  detection: { enabledRules: number } | null;
  automation: { enabledPlaybooks: number; escalationPolicies: number; channels: number } | null;
  compliance: { assessed: boolean; statement: string } | null;
  dataMap: { systems: number; categorised: number } | null;
  endpoint: { hosts: number; staleHosts: number; passingRate: number | null } | null;
  network: { scans: number; exposureFindings: number; lastScanAt: number | null } | null;
  cloud: { snapshots: number; failingHigh: number; lastUploadAt: number | null } | null;
};

export const NO_FACTS: ZtFacts = {
  identity: null,
  breachMonitoring: null,
  dependencies: null,
  websites: null,
  logs: null,
  detection: null,
  automation: null,
  compliance: null,
  dataMap: null,
  endpoint: null,
  network: null,
  cloud: null,
};

const pct = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 100));
const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Every fact Rampart holds, as evidence for the functions it speaks to. */
export function proposeEvidence(facts: ZtFacts): Evidence[] {
  const out: Evidence[] = [];
  const add = (functionId: string, supports: Stage, fact: string, href: string) =>
    out.push({ functionId, supports, fact, href });

  const id = facts.identity;
  if (id && id.members > 0) {
    const share = `${id.withTwoFactor} of ${s(id.members, "member")} (${pct(id.withTwoFactor, id.members)}%) sign in with two factors`;
    // Phishing-resistant MFA for everyone (passkeys) is CISA's Advanced; MFA required for all is Initial.
    if (id.passkeyUsers >= id.members && id.twoFactorRequired)
      add(
        "identity.authentication",
        2,
        `${share}; two-factor is required and every member has a passkey.`,
        "/settings/members",
      );
    else if (id.twoFactorRequired || id.withTwoFactor >= id.members)
      add(
        "identity.authentication",
        1,
        `${share}${id.twoFactorRequired ? "; the organization requires it" : ""}.`,
        "/settings/members",
      );
    else add("identity.authentication", 0, `${share}; two-factor is not required.`, "/settings/members");
    if (id.ssoConfigured)
      add(
        "identity.stores",
        2,
        `Single sign-on is configured${id.ssoEnforced ? " and enforced" : ""}: members sign in with your identity provider.`,
        "/settings/sso",
      );
    else
      add("identity.stores", 0, "No single sign-on: Rampart keeps its own accounts for your members.", "/settings/sso");
    if (id.ssoConfigured)
      add("applications.access", 1, "Access to Rampart goes through your identity provider.", "/settings/sso");
  }

  if (facts.breachMonitoring?.assessed)
    add("identity.risk", 1, facts.breachMonitoring.statement, "/dark-web-monitoring");

  if (facts.dependencies?.assessed || facts.websites?.assessed) {
    const both = facts.dependencies?.assessed && facts.websites?.assessed;
    const said = [facts.dependencies, facts.websites].filter((x) => x?.assessed).map((x) => x!.statement);
    // Static (dependencies) and dynamic (websites) testing together is CISA's Initial; Advanced needs it in the
    // deployment pipeline, which Rampart cannot see.
    add("applications.testing", both ? 1 : 0, said.join(" "), "/vulnerability");
    if (facts.dependencies?.assessed) add("devices.assets", 1, facts.dependencies.statement, "/vulnerability");
  }
  if (facts.websites?.assessed) add("networks.encryption", 1, facts.websites.statement, "/vulnerability");

  const logs = facts.logs;
  const rules = facts.detection?.enabledRules ?? 0;
  if (logs && logs.events > 0) {
    if (rules > 0) {
      add(
        "crosscutting.visibility",
        2,
        `${s(logs.events, "event")} collected and analysed by ${s(rules, "detection rule")} and the anomaly detectors.`,
        "/siem-soar",
      );
      add("applications.threats", 1, `${s(rules, "detection rule")} watch your applications' events.`, "/siem-soar");
    } else
      add(
        "crosscutting.visibility",
        1,
        `${s(logs.events, "event")} collected; no detection rule runs on them.`,
        "/logs",
      );
  }

  const auto = facts.automation;
  if (auto && (auto.enabledPlaybooks > 0 || auto.escalationPolicies > 0)) {
    const both = auto.enabledPlaybooks > 0 && auto.escalationPolicies > 0 && auto.channels > 0;
    add(
      "crosscutting.automation",
      both ? 2 : 1,
      `${s(auto.enabledPlaybooks, "playbook")} enabled, ${s(auto.escalationPolicies, "escalation policy", "escalation policies")}, ${s(auto.channels, "notification channel")}.`,
      "/siem-soar",
    );
  }

  if (facts.compliance?.assessed)
    add("crosscutting.governance", 1, facts.compliance.statement, "/compliance-monitoring");

  const map = facts.dataMap;
  if (map && map.systems > 0) {
    add(
      "data.inventory",
      1,
      `${s(map.systems, "system")} holding personal data recorded in the data map.`,
      "/privacy/data-map",
    );
    if (map.categorised > 0)
      add(
        "data.categorization",
        1,
        `${map.categorised} of ${s(map.systems, "system")} name the categories of personal data they hold.`,
        "/privacy/data-map",
      );
  }

  const ep = facts.endpoint;
  if (ep && ep.hosts > 0) {
    const fresh = ep.hosts - ep.staleHosts;
    const rate = ep.passingRate === null ? "" : `; ${Math.round(ep.passingRate * 100)}% of policy checks pass`;
    add(
      "devices.compliance",
      ep.staleHosts === 0 && (ep.passingRate ?? 0) >= 0.9 ? 2 : 1,
      `${fresh} of ${s(ep.hosts, "device")} report in${rate}.`,
      "/endpoint-security",
    );
  }

  const net = facts.network;
  if (net && net.scans > 0)
    add(
      "networks.segmentation",
      net.exposureFindings === 0 ? 1 : 0,
      net.exposureFindings === 0
        ? `${s(net.scans, "network scan")}: no exposed risky service in the latest.`
        : `${s(net.exposureFindings, "exposed risky service")} in the latest network scan.`,
      "/network-security",
    );

  const cloud = facts.cloud;
  if (cloud && cloud.snapshots > 0)
    add(
      "data.encryption",
      cloud.failingHigh === 0 ? 1 : 0,
      cloud.failingHigh === 0
        ? "The latest cloud configuration upload has no failing high-severity check."
        : `${s(cloud.failingHigh, "high-severity cloud check")} failing in the latest upload.`,
      "/cloud-security",
    );

  return out;
}

export type FunctionView = {
  id: string;
  name: string;
  stages: readonly string[];
  claim: Claim | null;
  evidence: Evidence[];
  /** The highest stage the evidence supports (null: no evidence). */
  supported: Stage | null;
  /** The stage the form proposes when nothing is claimed yet: the evidence's. */
  proposed: Stage | null;
  /** Set when the claim is above what the evidence supports. */
  flag: string | null;
};

export type GroupView = {
  id: string;
  name: string;
  kind: ZtGroup["kind"];
  functions: FunctionView[];
  assessed: number;
  /** Mean claimed stage (0-3), null when nothing is claimed. */
  maturity: number | null;
};

export type RoadmapStep = {
  groupId: string;
  groupName: string;
  functionId: string;
  functionName: string;
  from: Stage;
  to: Stage;
  goal: string;
  rampart: { text: string; href: string } | null;
  effort: number;
  impact: number;
};

export type Assessment = {
  groups: GroupView[];
  overall: number | null;
  assessed: number;
  total: number;
  flagged: number;
  roadmap: RoadmapStep[];
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function assess(claims: Claim[], evidence: Evidence[]): Assessment {
  const byFunction = new Map(claims.filter((c) => ZT_FUNCTIONS.has(c.functionId)).map((c) => [c.functionId, c]));
  const groups: GroupView[] = ZTMM.map((group) => {
    const functions = group.functions.map((f): FunctionView => {
      const ev = evidence.filter((e) => e.functionId === f.id);
      const supported = ev.length ? (Math.max(...ev.map((e) => e.supports)) as Stage) : null;
      const claim = byFunction.get(f.id) ?? null;
      const flag =
        claim && supported !== null && claim.stage > supported
          ? `Claimed ${STAGES[claim.stage]}; the evidence Rampart holds supports ${STAGES[supported]}.`
          : null;
      return { id: f.id, name: f.name, stages: f.stages, claim, evidence: ev, supported, proposed: supported, flag };
    });
    const claimed = functions.flatMap((f) => (f.claim ? [f.claim.stage] : []));
    return {
      id: group.id,
      name: group.name,
      kind: group.kind,
      functions,
      assessed: claimed.length,
      maturity: mean(claimed),
    };
  });
  const groupScores = groups.flatMap((g) => (g.maturity === null ? [] : [g.maturity]));
  return {
    groups,
    overall: mean(groupScores),
    assessed: groups.reduce((n, g) => n + g.assessed, 0),
    total: ZT_FUNCTIONS.size,
    flagged: groups.reduce((n, g) => n + g.functions.filter((f) => f.flag).length, 0),
    roadmap: roadmap(groups),
  };
}

function roadmap(groups: GroupView[]): RoadmapStep[] {
  const steps: RoadmapStep[] = [];
  for (const g of groups)
    for (const f of g.functions) {
      // Where the team stands: its claim, capped by the evidence when the evidence says less (the flagged gap
      // is the first thing to close), or the evidence alone when nothing is claimed yet.
      const at = f.claim ? (f.flag ? f.supported! : f.claim.stage) : f.supported;
      if (at === null || at >= 3) continue;
      const model = ZT_FUNCTIONS.get(f.id)!;
      const to = (at + 1) as Stage;
      steps.push({
        groupId: g.id,
        groupName: g.name,
        functionId: f.id,
        functionName: f.name,
        from: at,
        to,
        goal: model.stages[to],
        rampart: model.rampart ?? null,
        effort: model.effort,
        impact: model.impact,
      });
    }
  return steps.sort((a, b) => b.impact - a.impact || a.effort - b.effort || a.from - b.from);
}

/** One reading for the history: overall and per group, rounded to two decimals. */
export function reading(a: Assessment): { overall: number; groups: Record<string, number | null> } {
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    overall: a.overall === null ? 0 : r(a.overall),
    groups: Object.fromEntries(a.groups.map((g) => [g.id, g.maturity === null ? null : r(g.maturity)])),
  };
}

/** "Initial (1.4)" for a 0-3 mean: the stage reached and the figure. */
export function stageLabel(maturity: number | null): string {
  if (maturity === null) return "Not assessed";
  return `${STAGES[Math.min(3, Math.floor(maturity + 1e-9))]} (${maturity.toFixed(1)})`;
}

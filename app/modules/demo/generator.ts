/**
 * Demo mode's simulated data (docs/product.md §3 "Demo seed data", states of §4, sample
 * values of §9). Everything comes from one seeded PRNG (mulberry32) and a
 * fixed reference date, so every call returns the same data: the demo pages
 * render identically on the server and in the browser, screenshots and tests
 * stay stable, and nothing depends on the clock.
 *
 * Privacy: only reserved names are used (RFC 2606 / RFC 6761: example.com,
 * example.org and the .test TLD) and people are generated ("user42@…") or
 * role addresses, so no real person's data can ever appear.
 *
 * Isomorphic on purpose: no server code runs here (the compliance module's framework list is plain data), so routes
 * may import it anywhere.
 */
import { findFramework, frameworkLabel } from "~/modules/compliance";

export type Severity = "low" | "medium" | "high";

export type DemoMetrics = {
  /** 0–100, higher is better (docs/product.md §9 sample: 87). */
  securityScore: number;
  activeThreats: number;
  resolvedIssues: number;
  darkWebHits: number;
  phishingDetected: number;
  anomaliesCount: number;
};

export type DemoIdentity = {
  id: string;
  email: string;
  domain: string;
  type: "email" | "domain";
  severity: Severity;
  status: "breached" | "clean";
  /** What the finding rests on (the simulated breach and data classes, or the clean check). */
  evidence: string;
  /** ISO date the result was found (for clean identities: when the clean check ran). */
  foundAt: string;
  breachCount: number;
};

export type DemoPhishingItem = {
  id: string;
  subject: string;
  sender: string;
  risk: Severity;
  status: "detected" | "quarantined";
  rationale: string[];
};

export type DemoVulnerability = {
  id: string;
  title: string;
  severity: Severity;
  status: "open" | "remediated";
  target: string;
  discoveredAt: string;
};

export type DemoPrivacyRequest = {
  id: string;
  type: "access" | "deletion" | "correction" | "opt-out";
  status: "pending" | "completed";
  requestedAt: string;
  dueDate: string;
  /** null while the request is pending. */
  completedAt: string | null;
};

export type DemoAnomaly = {
  id: string;
  type: string;
  severity: Severity;
  detectedAt: string;
  user: string;
};

export type RiskTrendPoint = { date: string; label: string; score: number };

export type DemoExecutiveMetrics = {
  /** 0–100, higher means more risk. */
  overallRiskScore: number;
  /** Monthly overall risk score, oldest first; the last point is overallRiskScore. */
  riskTrend: RiskTrendPoint[];
  criticalFindings: number;
  highSeverityFindings: number;
  complianceScore: number;
  securityPostureScore: number;
  /** Hours from detection to first response. */
  averageResponseTime: number;
  toolsReplaced: number;
  hoursSavedMonthly: number;
};

export type DemoControl = {
  id: string;
  name: string;
  status: "in-progress" | "compliant";
  evidence: string;
};

export type DemoCompliance = {
  framework: string;
  score: number;
  controls: DemoControl[];
};

export type DemoAnalytics = {
  toolsReplaced: number;
  hoursSavedMonthly: number;
  /** US dollars a month, from the tools replaced and hours saved. */
  costSavings: number;
  securityIncidents: number;
  incidentsResolved: number;
};

export type DemoData = {
  generatedAt: string;
  metrics: DemoMetrics;
  identities: DemoIdentity[];
  phishingItems: DemoPhishingItem[];
  vulnerabilities: DemoVulnerability[];
  privacyRequests: DemoPrivacyRequest[];
  anomalies: DemoAnomaly[];
  executiveMetrics: DemoExecutiveMetrics;
  compliance: DemoCompliance[];
  analytics: DemoAnalytics;
};

export const DEMO_SEED = 0x5eed_2026;
/** Every date is relative to this instant, never to the clock. */
export const DEMO_REFERENCE_DATE = "2026-11-02T09:00:00.000Z";
/** Spec §9 sample values. */
export const DEMO_SECURITY_SCORE = 87;
export const DEMO_HIPAA_SCORE = 94;

export const SEVERITIES: readonly Severity[] = ["low", "medium", "high"];

/** mulberry32: a tiny, well-known 32-bit PRNG; good enough for simulated data, never for secrets. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)];
/**
 * The first items walk through every value (so each state of docs/product.md §4 appears
 * whatever the seed), later ones are drawn at random. `offset` keeps two
 * covered fields of the same item from always pairing up the same way.
 */
const covering = <T>(rng: Rng, values: readonly T[], index: number, offset = 0): T =>
  index < values.length ? values[(index + offset) % values.length] : pick(rng, values);

const REF = Date.parse(DEMO_REFERENCE_DATE);
const DAY = 86_400_000;
const daysAgo = (days: number, hours = 0) => new Date(REF - days * DAY - hours * 3_600_000).toISOString();
const id = (prefix: string, n: number) => `${prefix}-${String(n + 1).padStart(3, "0")}`;

// Reserved names only: RFC 2606 example.com/.org and RFC 6761 .test.
export const DEMO_DOMAINS = [
  "example.com",
  "example.org",
  "corp.example.com",
  "shop.example.org",
  "rampart-demo.test",
] as const;
const ROLE_MAILBOXES = ["security", "it-admin", "finance", "hr", "support", "billing", "ceo-office", "payroll"];
const SIMULATED_BREACHES = [
  { name: "ExampleShop 2024", classes: "e-mail addresses, password hashes" },
  { name: "DemoForum 2023", classes: "e-mail addresses, usernames, IP addresses" },
  { name: "SampleCRM 2025", classes: "e-mail addresses, names, phone numbers" },
  { name: "TestCloud combo list", classes: "e-mail addresses, plaintext passwords" },
  { name: "Fictional Travel 2022", classes: "e-mail addresses, dates of birth" },
];

function generateIdentities(rng: Rng): DemoIdentity[] {
  const out: DemoIdentity[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const status = covering(rng, ["breached", "clean"] as const, i);
    const type = i % 4 === 3 ? ("domain" as const) : ("email" as const);
    // A domain watch is shown by its domain; the e-mail field then holds the domain's security mailbox.
    const domain = type === "domain" ? DEMO_DOMAINS[Math.floor(i / 4) % DEMO_DOMAINS.length] : pick(rng, DEMO_DOMAINS);
    let email = `security@${domain}`;
    while (type === "email" && (email === `security@${domain}` || seen.has(email))) {
      email = `${i % 3 === 0 ? pick(rng, ROLE_MAILBOXES) : `user${int(rng, 10, 99)}`}@${domain}`;
    }
    seen.add(email);
    const breachCount = status === "breached" ? int(rng, 1, 4) : 0;
    const severity: Severity =
      status === "clean" ? "low" : covering(rng, ["high", "medium", "low"] as const, Math.floor(i / 2));
    const breach = pick(rng, SIMULATED_BREACHES);
    const foundDays = int(rng, 1, 120);
    out.push({
      id: id("idn", i),
      email,
      domain,
      type,
      severity,
      status,
      evidence:
        status === "breached"
          ? `Appears in the simulated "${breach.name}" breach (${breach.classes})${breachCount > 1 ? ` and ${breachCount - 1} more` : ""}.`
          : "No appearance in the simulated breach corpus at the last check.",
      foundAt: daysAgo(foundDays, int(rng, 0, 23)),
      breachCount,
    });
  }
  return out;
}

const PHISHING_TEMPLATES: { subject: string; sender: string; rationale: string[] }[] = [
  {
    subject: "Your mailbox is almost full — verify now",
    sender: "it-helpdesk@mail-example.test",
    rationale: [
      "Sender domain does not match the organization's domain",
      "Urgent call to action",
      "Link text and target differ",
    ],
  },
  {
    subject: "Invoice #48213 overdue: payment required today",
    sender: "accounts@billing-example.test",
    rationale: ["Unexpected invoice with a payment deadline", "Reply-To points to another domain", "SPF result: fail"],
  },
  {
    subject: "Shared document: Q4 salary review.xlsx.html",
    sender: "noreply@docs-share.test",
    rationale: ["Double file extension on the attachment", "HTML attachment that asks for credentials"],
  },
  {
    subject: "Security alert: unusual sign-in to your account",
    sender: "security@examp1e.com.rampart-demo.test",
    rationale: [
      "Look-alike domain (digit 1 in place of letter l)",
      "DMARC result: fail",
      "Link to a sign-in page on another domain",
    ],
  },
  {
    subject: "Team lunch on Friday",
    sender: "user31@example.org",
    rationale: ["Known sender with aligned SPF and DKIM", "No links or attachments"],
  },
  {
    subject: "Gift card request from the CEO — keep this quiet",
    sender: "ceo-office@example-mail.test",
    rationale: ["Display name impersonates an executive", "Request for gift cards", "Asks for secrecy"],
  },
  {
    subject: "Parcel held at customs: pay 1.99 to release",
    sender: "delivery@parcel-notice.test",
    rationale: ["Small payment request typical of delivery scams", "Shortened link"],
  },
  {
    subject: "Updated remote-work policy",
    sender: "hr@example.com",
    rationale: ["Internal sender, DKIM pass", "Link points to the organization's own intranet"],
  },
  {
    subject: "Re: wire transfer details changed",
    sender: "finance@examp1e.org.rampart-demo.test",
    rationale: ["Changed bank details in a reply thread", "Look-alike domain", "First message from this sender"],
  },
  {
    subject: "Password expires in 24 hours",
    sender: "admin@password-reset.test",
    rationale: ["Generic greeting", "Credential request via external form", "Sender never seen before"],
  },
];

function generatePhishing(rng: Rng): DemoPhishingItem[] {
  return PHISHING_TEMPLATES.map((t, i) => ({
    id: id("phi", i),
    subject: t.subject,
    sender: t.sender,
    // Messages from known internal senders are low risk; others are covered then drawn.
    risk:
      t.sender.endsWith("@example.com") || t.sender.endsWith("@example.org")
        ? "low"
        : covering(rng, ["high", "medium"] as const, i),
    status: covering(rng, ["detected", "quarantined"] as const, i, 1),
    rationale: [...t.rationale],
  }));
}

const VULN_TITLES = [
  "TLS 1.0 still enabled",
  "Outdated OpenSSH version",
  "Missing HTTP Strict-Transport-Security header",
  "Directory listing enabled",
  "Default admin credentials on network appliance",
  "SMB signing not required",
  "Expired TLS certificate",
  "Open SNMP with public community string",
  "Unpatched CMS plugin with known XSS",
  "Weak Diffie-Hellman parameters",
  "Cookie without Secure flag",
  "Exposed .git directory",
  "DNS zone transfer allowed",
  "Remote desktop exposed to the internet",
];
const VULN_TARGETS = [
  "www.example.com",
  "api.example.com",
  "vpn.example.org",
  "mail.example.org",
  "intranet.rampart-demo.test",
  "files.rampart-demo.test",
];

function generateVulnerabilities(rng: Rng): DemoVulnerability[] {
  return VULN_TITLES.map((title, i) => ({
    id: id("vul", i),
    title,
    severity: covering(rng, SEVERITIES, i, 2),
    status: covering(rng, ["open", "remediated"] as const, i),
    target: pick(rng, VULN_TARGETS),
    discoveredAt: daysAgo(int(rng, 2, 90), int(rng, 0, 23)),
  }));
}

function generatePrivacyRequests(rng: Rng): DemoPrivacyRequest[] {
  const out: DemoPrivacyRequest[] = [];
  for (let i = 0; i < 8; i++) {
    const status = covering(rng, ["pending", "completed"] as const, i);
    const requested = int(rng, 3, 60);
    // GDPR Art. 12(3): answer within one month; 30 days is used for every request here.
    const due = requested - 30;
    out.push({
      id: id("prv", i),
      type: covering(rng, ["access", "deletion", "correction", "opt-out"] as const, i),
      status,
      requestedAt: daysAgo(requested),
      dueDate: daysAgo(due),
      completedAt: status === "completed" ? daysAgo(Math.max(0, requested - int(rng, 2, 20))) : null,
    });
  }
  return out;
}

const ANOMALY_TYPES = [
  "Impossible travel",
  "Sign-in at an unusual hour",
  "Mass file download",
  "New device for an administrator",
  "Repeated failed sign-ins",
  "Privilege escalation",
  "Mail forwarding rule to external address",
];

function generateAnomalies(rng: Rng): DemoAnomaly[] {
  const out: DemoAnomaly[] = [];
  for (let i = 0; i < 9; i++) {
    out.push({
      id: id("ano", i),
      type: covering(rng, ANOMALY_TYPES, i),
      severity: covering(rng, SEVERITIES, i, 1),
      detectedAt: daysAgo(int(rng, 0, 30), int(rng, 0, 23)),
      user: `user${int(rng, 10, 99)}@${pick(rng, ["example.com", "example.org"])}`,
    });
  }
  return out;
}

/**
 * The frameworks of the Compliance module (issue 31: the demo shows only what the product can do), named as the real
 * executive screen names an adopted framework (frameworkLabel: the framework's name and its baseline), with real
 * control references of each so the demo reads like the product.
 */
const FRAMEWORKS: { key: string; baseline: string | null; score?: number; controls: [string, string][] }[] = [
  {
    key: "hipaa-security",
    baseline: null,
    score: DEMO_HIPAA_SCORE,
    controls: [
      ["164.308(a)(1)", "Security management process"],
      ["164.312(a)(1)", "Access control"],
      ["164.312(b)", "Audit controls"],
      ["164.312(e)(1)", "Transmission security"],
    ],
  },
  {
    key: "nist-csf-2.0",
    baseline: null,
    controls: [
      ["PR.AA-01", "Identities and credentials are managed"],
      ["DE.CM-01", "Networks and network services are monitored"],
      ["RS.MA-01", "The incident response plan is executed"],
    ],
  },
  {
    key: "nist-800-53-rev5",
    baseline: "moderate",
    controls: [
      ["AC-2", "Account management"],
      ["RA-5", "Vulnerability monitoring and scanning"],
      ["AU-6", "Audit record review, analysis, and reporting"],
    ],
  },
];
const EVIDENCE_DONE = [
  "Policy approved and published",
  "Quarterly access review exported",
  "Scanner report attached",
  "Configuration export attached",
];
const EVIDENCE_OPEN = [
  "Remediation ticket open",
  "Owner assigned, evidence due this quarter",
  "Draft policy awaiting sign-off",
];

function generateCompliance(rng: Rng): DemoCompliance[] {
  return FRAMEWORKS.map((f, fi) => {
    const score = f.score ?? int(rng, 72, 92);
    const framework = findFramework(f.key);
    if (!framework) throw new Error(`The Compliance module has no framework ${f.key}`);
    return {
      framework: frameworkLabel(framework, f.baseline),
      score,
      controls: f.controls.map(([ref, name], ci) => {
        // A control is compliant about as often as the framework's score says. The first
        // control of the first framework is compliant and of the second in progress, so both states appear.
        const status =
          fi === 0 && ci === 0
            ? "compliant"
            : fi === 1 && ci === 0
              ? "in-progress"
              : rng() * 100 < score
                ? "compliant"
                : "in-progress";
        return {
          id: `${f.key}-${ref.replace(/[^A-Za-z0-9.]+/g, "").toLowerCase()}`,
          name: `${ref} ${name}`,
          status,
          evidence: status === "compliant" ? pick(rng, EVIDENCE_DONE) : pick(rng, EVIDENCE_OPEN),
        } satisfies DemoControl;
      }),
    };
  });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function generateRiskTrend(rng: Rng, last: number): RiskTrendPoint[] {
  const months = 6;
  const points: RiskTrendPoint[] = [];
  const ref = new Date(REF);
  let score = last;
  const scores: number[] = [last];
  // Walk backwards: risk was higher before the demo organization's remediation work.
  for (let i = 1; i < months; i++) {
    score = Math.min(95, score + int(rng, 1, 7));
    scores.unshift(score);
  }
  for (let i = 0; i < months; i++) {
    const d = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - (months - 1 - i), 1));
    points.push({
      date: d.toISOString().slice(0, 10),
      label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
      score: scores[i],
    });
  }
  return points;
}

const severityCount = (items: { severity: Severity }[], s: Severity) => items.filter((x) => x.severity === s).length;

/** The whole demo data set. Same seed, same output, every time. */
export function generateDemoData(seed: number = DEMO_SEED): DemoData {
  const rng = mulberry32(seed);
  const identities = generateIdentities(rng);
  const phishingItems = generatePhishing(rng);
  const vulnerabilities = generateVulnerabilities(rng);
  const privacyRequests = generatePrivacyRequests(rng);
  const anomalies = generateAnomalies(rng);
  const compliance = generateCompliance(rng);

  // Headline numbers are derived from the lists, so every page tells the same story.
  const openVulns = vulnerabilities.filter((v) => v.status === "open");
  const breached = identities.filter((x) => x.status === "breached");
  const detected = phishingItems.filter((p) => p.status === "detected" && p.risk !== "low");
  const metrics: DemoMetrics = {
    securityScore: DEMO_SECURITY_SCORE,
    activeThreats: openVulns.filter((v) => v.severity !== "low").length + detected.length,
    resolvedIssues:
      vulnerabilities.filter((v) => v.status === "remediated").length +
      phishingItems.filter((p) => p.status === "quarantined").length +
      privacyRequests.filter((r) => r.status === "completed").length,
    darkWebHits: breached.reduce((sum, x) => sum + x.breachCount, 0),
    phishingDetected: phishingItems.filter((p) => p.risk !== "low").length,
    anomaliesCount: anomalies.length,
  };

  const toolsReplaced = 6;
  const hoursSavedMonthly = 38 + int(rng, 0, 10);
  const overallRiskScore = 100 - DEMO_SECURITY_SCORE + int(rng, 0, 6);
  const openFindings = [...openVulns, ...breached, ...anomalies];
  const executiveMetrics: DemoExecutiveMetrics = {
    overallRiskScore,
    riskTrend: generateRiskTrend(rng, overallRiskScore),
    // Critical: high-severity vulnerabilities still open (reachable from outside);
    // high: every open high-severity finding across modules, those included.
    criticalFindings: severityCount(openVulns, "high"),
    highSeverityFindings: severityCount(openFindings, "high"),
    complianceScore: Math.round(compliance.reduce((s, c) => s + c.score, 0) / compliance.length),
    securityPostureScore: DEMO_SECURITY_SCORE,
    averageResponseTime: Math.round((1 + rng() * 3) * 10) / 10,
    toolsReplaced,
    hoursSavedMonthly,
  };
  const securityIncidents = 9 + int(rng, 0, 5);
  const analytics: DemoAnalytics = {
    toolsReplaced,
    hoursSavedMonthly,
    // An illustrative $85/hour analyst rate plus $120/month per replaced tool licence.
    costSavings: hoursSavedMonthly * 85 + toolsReplaced * 120,
    securityIncidents,
    incidentsResolved: securityIncidents - int(rng, 1, 3),
  };

  return {
    generatedAt: DEMO_REFERENCE_DATE,
    metrics,
    identities,
    phishingItems,
    vulnerabilities,
    privacyRequests,
    anomalies,
    executiveMetrics,
    compliance,
    analytics,
  };
}

export type FindingsBySeverity = { severity: Severity; count: number }[];

/** Open findings of every module by severity, for the dashboard's bar chart. */
export function demoFindingsBySeverity(data: DemoData): FindingsBySeverity {
  const open = [
    ...data.vulnerabilities.filter((v) => v.status === "open"),
    ...data.identities.filter((x) => x.status === "breached"),
    ...data.anomalies,
    ...data.phishingItems.filter((p) => p.status === "detected").map((p) => ({ severity: p.risk })),
  ];
  return (["high", "medium", "low"] as const).map((severity) => ({ severity, count: severityCount(open, severity) }));
}

export type DemoAlert = { id: string; title: string; source: string; severity: Severity; createdAt: string };

/** The most recent findings across modules, as the dashboard's alert list shows them. */
export function demoRecentAlerts(data: DemoData, limit = 5): DemoAlert[] {
  const all: DemoAlert[] = [
    ...data.anomalies.map((a) => ({
      id: a.id,
      title: `${a.type}: ${a.user}`,
      source: "Logs & Anomalies",
      severity: a.severity,
      createdAt: a.detectedAt,
    })),
    ...data.identities
      .filter((x) => x.status === "breached")
      .map((x) => ({
        id: x.id,
        title: `${x.email} found in ${x.breachCount} breach${x.breachCount === 1 ? "" : "es"}`,
        source: "Dark Web Monitoring",
        severity: x.severity,
        createdAt: x.foundAt,
      })),
    ...data.vulnerabilities
      .filter((v) => v.status === "open")
      .map((v) => ({
        id: v.id,
        title: `${v.title} on ${v.target}`,
        source: "Vulnerability Scan",
        severity: v.severity,
        createdAt: v.discoveredAt,
      })),
    // Privacy Guard alerts the way the real module does: a pending request past its due date is overdue (high),
    // one due within 7 days is due soon (medium); the alert dates from when the request entered that state.
    ...data.privacyRequests
      .filter((r) => r.status === "pending" && Date.parse(r.dueDate) - 7 * DAY <= REF)
      .map((r) => {
        const overdue = Date.parse(r.dueDate) < REF;
        return {
          id: `${r.id}-deadline`,
          title: `Privacy request ${r.id} is ${overdue ? "overdue" : "due soon"}`,
          source: "Privacy Guard",
          severity: (overdue ? "high" : "medium") as Severity,
          createdAt: overdue ? r.dueDate : new Date(Date.parse(r.dueDate) - 7 * DAY).toISOString(),
        };
      }),
  ];
  return all
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)))
    .slice(0, limit);
}

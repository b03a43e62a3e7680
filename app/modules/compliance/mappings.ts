/**
 * Rampart's own features mapped to the requirements they provide evidence for,
 * as data. When a tenant actually uses a feature (its probe finds stored rows
 * for the tenant), the requirements below show "automatic" evidence computed
 * from those rows. Automatic evidence informs a person's decision; it never
 * sets a status by itself.
 *
 * CSF ids may be written in CSF 1.1 terms or as a category: they are resolved
 * to 2.0 subcategories through the catalogue's withdrawn links (csf.ts).
 * 800-53 ids are in the printed form (`IA-5 (1)`); only the ids in the tenant's
 * baseline show evidence. HIPAA ids are the CFR paragraph.
 */
import { appRoute } from "~/lib/app-routes";

export type Probe =
  /** One SQL statement with a single `?` for the tenant id, answering `n` (a count) and `last` (unix ms or null). */
  | { kind: "sql"; tables: string[]; sql: string }
  /**
   * Rows of the tenant summed over several tables (a module that stores its results in more than one), each with
   * the column that dates a row. Tables this build does not have are left out.
   */
  | { kind: "count"; tables: { table: string; time: string }[] };

export type AutomaticSource = {
  key: string;
  label: string;
  /** How the count reads on the requirement: "{n} messages analysed". */
  unit: [singular: string, plural: string];
  probe: Probe;
  requirements: Record<string, string[]>;
};

export const AUTOMATIC_SOURCES: readonly AutomaticSource[] = [
  {
    key: "phishing-analysis",
    label: appRoute("/phishing").label,
    unit: ["suspicious message analysed", "suspicious messages analysed"],
    probe: {
      kind: "sql",
      tables: ["phishing_items"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM phishing_items WHERE tenant_id = ?",
    },
    requirements: {
      "nist-csf-2.0": ["PR.AT", "DE.AE-02"],
      "nist-800-53-rev5": ["AT-2", "AT-2 (2)", "SI-8"],
      "hipaa-security": ["164.308(a)(5)(i)", "164.308(a)(5)(ii)(B)"],
    },
  },
  {
    key: "dark-web-monitoring",
    label: appRoute("/dark-web-monitoring").label,
    unit: ["identity watched against breach data", "identities watched against breach data"],
    probe: {
      kind: "sql",
      tables: ["watched_identities"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM watched_identities WHERE tenant_id = ?",
    },
    requirements: {
      "nist-csf-2.0": ["DE.CM-03", "ID.RA-02"],
      "nist-800-53-rev5": ["SI-4", "SI-5", "RA-3"],
      "hipaa-security": ["164.308(a)(1)(ii)(A)"],
    },
  },
  {
    key: "breach-alerts",
    label: "Breach alerts",
    unit: ["breach exposure found and tracked", "breach exposures found and tracked"],
    probe: {
      kind: "sql",
      tables: ["exposures"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM exposures WHERE tenant_id = ?",
    },
    requirements: {
      "nist-csf-2.0": ["DE.CM-03", "DE.AE-06"],
      "nist-800-53-rev5": ["SI-5", "IR-6"],
      "hipaa-security": ["164.308(a)(6)(ii)"],
    },
  },
  {
    key: "security-alerts",
    label: appRoute("/alerts").label,
    unit: ["alert raised and triaged", "alerts raised and triaged"],
    probe: {
      kind: "sql",
      tables: ["alerts"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM alerts WHERE tenant_id = ?",
    },
    requirements: {
      "nist-csf-2.0": ["DE.AE-06", "RS.MA-02"],
      "nist-800-53-rev5": ["IR-5", "SI-4"],
      "hipaa-security": ["164.308(a)(6)(i)", "164.308(a)(6)(ii)"],
    },
  },
  {
    key: "audit-trail",
    label: "Audit trail",
    unit: ["event in the audit trail", "events in the audit trail"],
    probe: {
      kind: "sql",
      tables: ["audit_log"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM audit_log WHERE tenant_id = ?",
    },
    requirements: {
      // PR.PT-01 is CSF 1.1 ("audit/log records are determined, documented, implemented, and reviewed"): PR.PS-04 in 2.0.
      "nist-csf-2.0": ["PR.PT-01"],
      "nist-800-53-rev5": ["AU-2", "AU-3", "AU-12"],
      "hipaa-security": ["164.312(b)", "164.308(a)(1)(ii)(D)", "164.308(a)(5)(ii)(C)"],
    },
  },
  {
    key: "password-policy",
    label: `${appRoute("/password").label} and policy`,
    unit: [
      "member password set under the breach and strength policy",
      "member passwords set under the breach and strength policy",
    ],
    probe: {
      kind: "sql",
      tables: ["audit_log", "memberships"],
      sql:
        "SELECT count(DISTINCT a.user_id) AS n, max(a.created_at) AS last FROM audit_log a " +
        "JOIN memberships m ON m.user_id = a.user_id WHERE m.tenant_id = ? " +
        "AND a.action IN ('auth.signup', 'auth.password_changed')",
    },
    requirements: {
      "nist-csf-2.0": ["PR.AA-01", "PR.AA-03"],
      "nist-800-53-rev5": ["IA-5", "IA-5 (1)"],
      "hipaa-security": ["164.308(a)(5)(ii)(D)"],
    },
  },
  {
    key: "member-access",
    label: "Organization members and roles",
    unit: ["member with an individual account and role", "members with individual accounts and roles"],
    probe: {
      kind: "sql",
      tables: ["memberships"],
      sql: "SELECT count(*) AS n, max(created_at) AS last FROM memberships WHERE tenant_id = ?",
    },
    requirements: {
      // PR.AC-04 is CSF 1.1 ("access permissions ... least privilege"): moved to PR.AA-05 in 2.0.
      "nist-csf-2.0": ["PR.AC-04"],
      "nist-800-53-rev5": ["AC-2", "IA-2"],
      "hipaa-security": ["164.312(a)(2)(i)", "164.308(a)(4)(ii)(C)"],
    },
  },
  {
    key: "privacy-data-map",
    label: `${appRoute("/privacy").label} data map`,
    unit: ["system holding personal data mapped", "systems holding personal data mapped"],
    probe: { kind: "count", tables: [{ table: "privacy_systems", time: "created_at" }] },
    requirements: {
      "nist-csf-2.0": ["ID.AM-07"],
      "nist-800-53-rev5": ["PM-5 (1)"],
    },
  },
  {
    key: "privacy-requests",
    label: `${appRoute("/privacy").label} requests`,
    unit: [
      "data subject request tracked against its deadline",
      "data subject requests tracked against their deadlines",
    ],
    probe: { kind: "count", tables: [{ table: "privacy_requests", time: "created_at" }] },
    requirements: {
      "nist-csf-2.0": ["GV.OC-03"],
      "nist-800-53-rev5": ["AC-3 (14)"],
    },
  },
  {
    key: "vulnerability-scanning",
    label: appRoute("/vulnerability").label,
    unit: ["site scan or dependency scan", "site scans and dependency scans"],
    // The vulnerability module's web posture scans and scanned dependency projects (lockfiles, SBOMs).
    probe: {
      kind: "count",
      tables: [
        { table: "web_scans", time: "created_at" },
        { table: "dep_projects", time: "scanned_at" },
      ],
    },
    requirements: {
      // DE.CM-08 is CSF 1.1 ("vulnerability scans are performed"): incorporated into ID.RA-01 in 2.0.
      "nist-csf-2.0": ["DE.CM-08", "ID.RA-01"],
      "nist-800-53-rev5": ["RA-5"],
      "hipaa-security": ["164.308(a)(1)(ii)(A)", "164.308(a)(8)"],
    },
  },
];

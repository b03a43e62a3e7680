/**
 * What each teaser page tells a signed-out visitor (docs/product.md §2, teaser pages).
 * Specific and true to what the module does in Rampart: every point follows
 * the route table's purpose (app/lib/app-routes.ts) and the module's issue.
 * No figures, customers or claims the product cannot back.
 */
import { whenBuilt } from "./module-status";

/** The teaser's heading is the module's route-map name (app/lib/app-routes.ts), and its plan comes from the plan table. */
export type Teaser = { lead: string; points: string[] };

export const TEASERS: Record<string, Teaser> = {
  "/phishing": {
    lead: "Paste the source of a suspicious e-mail or upload the .eml file, and Rampart tells you how risky it is and exactly why.",
    points: [
      "Re-checks SPF, DKIM, DMARC and ARC instead of trusting what the message says about itself.",
      "Spots lookalike sender domains (misspellings, homoglyphs, punycode) and display names that impersonate a brand or a colleague.",
      "Shows every link as text with its real target, and flags links whose visible text names a different domain.",
      "Flags risky attachments such as executables, macro-enabled Office files and double extensions, with their SHA-256.",
      "Never renders the message's HTML: each verdict is low, medium or high with rationale lines a person can check.",
    ],
  },
  "/emergency-access": {
    lead: "Name the people who can reach your organization if no owner can, without leaving a standing back door.",
    points: [
      "Owners and admins name trusted contacts, read-only or with owner rights, each with a wait period of 1 to 30 days.",
      "A request is announced by e-mail and on every page; any owner or admin can reject it before the wait period ends.",
      "Access is granted for a limited time, ends on its own, and any owner can revoke it at any moment.",
      "Every invitation, request, rejection, grant, use and expiry is on the contact's timeline and in the audit log.",
    ],
  },
  "/compliance-monitoring": {
    lead: "Map the controls you actually run to the frameworks you answer to, and keep the evidence next to each one.",
    points: [
      "NIST CSF 2.0, NIST SP 800-53 (LOW, MODERATE, HIGH or PRIVACY baseline) and the HIPAA Security Rule, from NIST's and the regulation's own catalogues.",
      "Each requirement carries a status, an owner and the evidence that supports it; Rampart adds what it already knows, such as your audit trail.",
      "A score per framework computed from your requirements, not from a questionnaire, with its trend and a printable report.",
      "Evidence files are kept with their SHA-256 and an expiry date: when evidence lapses, the requirement is flagged again.",
    ],
  },
  "/training-management": {
    lead: "Assign security awareness training to your team and see who has completed it.",
    points: [
      "Assign courses such as phishing awareness or password hygiene to members of your organization.",
      "Track completion per person and per course, with due dates.",
      "See at a glance who is overdue, so reminders go to the right people.",
      "Completion records are the evidence auditors ask for under security-awareness requirements such as HIPAA §164.308(a)(5).",
    ],
  },
  "/incident-response": {
    lead: "Run a security incident from the first alert to closure, with one timeline and a named owner for every step.",
    points: [
      "Open an incident with its severity and an assigned owner.",
      "A timeline records detection, containment, eradication and recovery as they happen.",
      "Tasks with owners make it clear who is doing what while the incident is live.",
      "The closed record keeps what happened and when, for your post-incident review and for regulators' notification deadlines.",
    ],
  },
  "/executive": {
    lead: "The figures leadership asks for, computed from your organization's own findings rather than estimated.",
    points: [
      "An overall risk score and its trend over time.",
      "Critical and high-severity findings still open: unresolved alerts, breach exposures among them, and phishing detections not yet dealt with.",
      whenBuilt(
        "/compliance-monitoring",
        "Compliance scores per framework and the average time your team takes to resolve an alert.",
        "The average time your team takes to resolve an alert. Compliance scores come from the frameworks you track in the Compliance module; until you adopt one, the screen says so.",
      ),
      "Figures come from your stored findings, so they move as your team fixes things.",
    ],
  },
  "/password": {
    lead: "Check how strong a password really is and whether it has appeared in a breach, without the password ever leaving your browser.",
    points: [
      "Strength estimated with zxcvbn: a score from 0 to 4, estimated guesses and crack times for online and offline attacks.",
      "Breach exposure checked by k-anonymity: only the first five characters of the password's SHA-1 hash are sent.",
      "A verdict that follows NIST SP 800-63B: length over composition rules, and breached or very weak passwords refused.",
      "Your e-mail address and organization name count as guessable inputs, as an attacker would use them.",
      "The password is never stored, logged or shown back in a page.",
    ],
  },
  "/privacy": {
    lead: "Track data subject requests from the day they arrive to the day you answer, against the legal deadline that applies.",
    points: [
      "Record access, deletion and correction requests as they come in.",
      "Each request gets its due date: one month under the GDPR, 45 days under the CCPA.",
      "Pending requests close to their due date stand out, so none is answered late.",
      "Completed requests keep when they were requested, due and completed, as a record of compliance.",
    ],
  },
  "/vulnerability": {
    lead: "Find the known vulnerabilities in the software you depend on and track each one until it is fixed.",
    points: [
      "Upload a project's lockfile or SBOM (npm, yarn, pnpm, pip, Poetry, Cargo, Go, Bundler, Composer, CycloneDX, SPDX) to have it checked against OSV advisories.",
      "Each finding names the affected package, the target it was found in, its severity and when it was discovered.",
      "Findings stay open until remediated, so you can see what is still exposed.",
      "Severity is always written out as well as coloured, so the most urgent findings are clear at a glance.",
    ],
  },
  "/logs": {
    lead: "Read your authentication and access logs and see the patterns that deserve a second look.",
    points: [
      "Import sign-in and access logs from your systems.",
      "Flags brute-force attempts: many failures against one account or from one address.",
      "Flags impossible travel: sign-ins for one user from places too far apart for the time between them.",
      "Each anomaly shows its type, severity, user and when it was detected.",
    ],
  },
  "/security": {
    lead: "Follow your organization's security events in one timeline instead of across a dozen tools.",
    points: [
      "Sign-ins, password changes, invitations and member changes, watched identities added or removed, messages quarantined or released, trials and plan changes, newest first.",
      "Each event shows who did it, when, and from which network address.",
      "Read from your organization's audit log, so it covers every action Rampart records for you.",
    ],
  },
  "/cloud-security": {
    lead: "Review the configuration of your cloud accounts for the mistakes that most often lead to breaches.",
    points: [
      "Publicly readable storage buckets and shares.",
      "Identities and roles with broader permissions than they need.",
      "Audit logging that is switched off or not retained.",
      "Each finding explains the risk and the setting to change.",
    ],
  },
  "/security-operations": {
    lead: "Run Sigma detection rules on the events you send Rampart, and answer their detections with repeatable playbooks.",
    points: [
      "Sigma rules, including Sigma correlation rules (event count, value count, temporal), turn related events into one detection instead of a flood of alerts.",
      "Playbooks answer a detection with ordered steps: raise an alert, open an incident, notify a channel, add an indicator to a watchlist, or wait for an owner's approval.",
      "Playbook runs survive a restart, and every step is recorded with its outcome.",
    ],
  },
};

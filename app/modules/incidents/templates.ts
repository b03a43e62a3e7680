/**
 * The five playbook templates a tenant starts with, written from NIST SP 800-61 (Computer Security Incident Handling
 * Guide), whose life cycle has four phases: preparation; detection and analysis; containment, eradication and
 * recovery; post-incident activity. Each task's due time counts from the case's opening. Owners and admins edit
 * their tenant's copy (incident_templates); these are the defaults and the reset.
 */
import type { Template } from "./types";

export const PHASES = [
  "Preparation",
  "Detection and analysis",
  "Containment, eradication and recovery",
  "Post-incident activity",
] as const;

const [P, D, C, A] = PHASES;

export const DEFAULT_TEMPLATES: readonly Template[] = [
  {
    key: "phishing",
    name: "Phishing",
    tasks: [
      { title: "Confirm who is on call and open a channel for this incident", phase: P, dueHours: 1 },
      { title: "Collect the reported message with full headers (.eml)", phase: D, dueHours: 1 },
      { title: "Identify every recipient and who clicked or replied", phase: D, dueHours: 4 },
      { title: "Extract sender, links and attachment hashes as observables", phase: D, dueHours: 4 },
      { title: "Quarantine the message from all mailboxes and block the sender and URLs", phase: C, dueHours: 8 },
      { title: "Reset credentials of users who entered them and revoke their sessions", phase: C, dueHours: 8 },
      { title: "Send a lessons-learned note and a user awareness reminder", phase: A, dueHours: 120 },
    ],
  },
  {
    key: "account-compromise",
    name: "Account compromise",
    tasks: [
      { title: "Confirm the account owner and the systems the account reaches", phase: P, dueHours: 1 },
      { title: "Review sign-in logs for unusual locations, devices and times", phase: D, dueHours: 2 },
      { title: "List changes made by the account (mail rules, MFA devices, grants)", phase: D, dueHours: 4 },
      { title: "Disable the account or reset its password and revoke all sessions and tokens", phase: C, dueHours: 2 },
      { title: "Remove attacker persistence (forwarding rules, app consents, added MFA)", phase: C, dueHours: 8 },
      { title: "Restore access with MFA enforced and confirm with the owner", phase: C, dueHours: 24 },
      { title: "Record the root cause and the detection gap in a lessons-learned review", phase: A, dueHours: 120 },
    ],
  },
  {
    key: "malware",
    name: "Malware",
    tasks: [
      { title: "Confirm endpoint tooling and backups are available for the affected hosts", phase: P, dueHours: 1 },
      { title: "Identify the affected hosts and the malware sample (hash, family)", phase: D, dueHours: 2 },
      { title: "Determine the infection vector and look for other infected hosts", phase: D, dueHours: 8 },
      { title: "Isolate affected hosts from the network", phase: C, dueHours: 2 },
      { title: "Remove the malware or reimage the hosts, and block its indicators", phase: C, dueHours: 24 },
      { title: "Restore data from clean backups and monitor for reinfection", phase: C, dueHours: 72 },
      { title: "Hold a lessons-learned review and update detections", phase: A, dueHours: 168 },
    ],
  },
  {
    key: "data-exposure",
    name: "Data exposure",
    tasks: [
      { title: "Name the data owner and legal/privacy contact for this incident", phase: P, dueHours: 1 },
      { title: "Establish what data was exposed, whose, and for how long", phase: D, dueHours: 8 },
      { title: "Preserve logs and evidence of the access", phase: D, dueHours: 8 },
      { title: "Close the exposure (permissions, public links, leaked keys rotated)", phase: C, dueHours: 4 },
      { title: "Decide on notification duties (regulators within 72 hours, data subjects)", phase: C, dueHours: 48 },
      { title: "Notify affected parties where required", phase: C, dueHours: 72 },
      { title: "Record the root cause and the control that will prevent a repeat", phase: A, dueHours: 168 },
    ],
  },
  {
    key: "lost-device",
    name: "Lost device",
    tasks: [
      { title: "Confirm the device's inventory record, owner and encryption state", phase: P, dueHours: 1 },
      { title: "Establish when and where the device was lost and what data it held", phase: D, dueHours: 4 },
      { title: "Lock or wipe the device remotely", phase: C, dueHours: 2 },
      { title: "Revoke the device's sessions, certificates and stored credentials", phase: C, dueHours: 4 },
      { title: "Issue a replacement device and restore the user's access", phase: C, dueHours: 48 },
      {
        title: "Report the loss (police, insurer) where required and close the inventory record",
        phase: A,
        dueHours: 120,
      },
    ],
  },
];

export const TEMPLATE_KEYS = DEFAULT_TEMPLATES.map((t) => t.key);

/** Default SLA targets in minutes (owners change them): tighter for worse severities. */
export const DEFAULT_SLA = {
  critical: { ackMinutes: 15, containMinutes: 4 * 60, resolveMinutes: 24 * 60 },
  high: { ackMinutes: 60, containMinutes: 8 * 60, resolveMinutes: 3 * 24 * 60 },
  medium: { ackMinutes: 4 * 60, containMinutes: 24 * 60, resolveMinutes: 7 * 24 * 60 },
  low: { ackMinutes: 24 * 60, containMinutes: 3 * 24 * 60, resolveMinutes: 30 * 24 * 60 },
} as const;

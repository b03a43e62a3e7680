/**
 * The case report: what the reader's role may see (report sections below), as the data of the print view and as
 * Markdown. Viewers see the case, its tasks and status history; observables, evidence and comments (which carry
 * indicators and people's names) are for those who work cases.
 */
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { listTimeline, type CaseView } from "./cases.server";
import { OBSERVABLE_LABEL, RESOLUTION_LABEL, SEVERITY_LABEL, STATUS_LABEL, TLP_LABEL } from "./types";

export function reportSections(role: Role) {
  const full = can(role, "incident", "work");
  return { observables: full, evidence: full, comments: full };
}

const HIDDEN_FOR_VIEWERS = new Set(["comment", "correction", "observable", "evidence", "evidence_downloaded"]);

export function visibleTimeline(tenantId: string, incidentId: string, role: Role) {
  const all = listTimeline(tenantId, incidentId);
  return reportSections(role).comments ? all : all.filter((e) => !HIDDEN_FOR_VIEWERS.has(e.kind));
}

const iso = (ms: number | null) => (ms == null ? "—" : new Date(ms).toISOString().replace(".000Z", "Z"));
/** Markdown-escapes text from users so it cannot become links, headings or HTML in a renderer. */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`).replace(/\r?\n/g, " ");
}

export function caseMarkdown(tenantId: string, c: CaseView, role: Role): string {
  const show = reportSections(role);
  const lines: string[] = [];
  lines.push(`# ${c.reference}: ${md(c.title)}`, "");
  lines.push(`**${TLP_LABEL[c.tlp]}**`, "");
  lines.push("| Field | Value |", "| --- | --- |");
  lines.push(`| Severity | ${SEVERITY_LABEL[c.severity]} |`);
  lines.push(`| Status | ${STATUS_LABEL[c.status]}${c.resolution ? ` (${RESOLUTION_LABEL[c.resolution]})` : ""} |`);
  lines.push(`| Assignee | ${c.assignee ? md(c.assignee) : "Unassigned"} |`);
  lines.push(`| Tags | ${c.tags.length ? c.tags.map(md).join(", ") : "—"} |`);
  lines.push(`| Opened | ${iso(c.openedAt)} |`);
  lines.push(`| Acknowledged | ${iso(c.acknowledgedAt)} |`);
  lines.push(`| Contained | ${iso(c.containedAt)} |`);
  lines.push(`| Resolved | ${iso(c.resolvedAt)} |`, "");
  lines.push("## Summary", "", c.description ? md(c.description) : "No description.", "");
  lines.push("## Tasks", "");
  if (!c.tasks.length) lines.push("No tasks.");
  for (const t of c.tasks)
    lines.push(`- [${t.status === "done" ? "x" : " "}] ${md(t.title)} (${md(t.phase)}; due ${iso(t.dueAt)})`);
  lines.push("");
  if (show.observables) {
    lines.push("## Observables", "");
    if (!c.observables.length) lines.push("No observables.");
    for (const o of c.observables)
      lines.push(`- ${OBSERVABLE_LABEL[o.type]}: \`${o.value.replace(/`/g, "'")}\`${o.ioc ? " (IOC)" : ""}`);
    lines.push("");
  }
  if (show.evidence) {
    lines.push("## Evidence", "");
    if (!c.evidence.length) lines.push("No evidence.");
    for (const e of c.evidence) lines.push(`- ${md(e.fileName)} (${e.sizeBytes} bytes), SHA-256 \`${e.sha256}\``);
    lines.push("");
  }
  lines.push("## Timeline", "");
  for (const e of visibleTimeline(tenantId, c.id, role)) lines.push(`- ${iso(e.at)} ${md(e.by)}: ${md(e.text)}`);
  lines.push("");
  return lines.join("\n");
}

/**
 * A tenant's first run: which of the first steps it has taken, read from its
 * stored data (nothing is ticked by visiting a page), and which modules the
 * security score covers. A score over modules that hold no data would be a
 * made-up "100, Good" (issue 20), so the dashboard shows "Not enough data
 * yet" until at least one module has something to judge.
 */
import { count, eq } from "drizzle-orm";
import {
  depProjects,
  invitations,
  memberships,
  phishingItems,
  privacyRequests,
  watchedIdentities,
  webSites,
} from "@db/schema";
import { db } from "~/lib/db.server";

export type ChecklistKey = "watch" | "phishing" | "vulnerability" | "privacy" | "invite";
export type ChecklistItem = { key: ChecklistKey; label: string; href: string; done: boolean };

/** The modules whose findings the security score weighs, in the words of the sidebar. */
export type ScoredModule = "Dark Web Monitoring" | "Phishing Protection" | "Vulnerability Scan" | "Privacy Guard";

function countWhere(table: typeof watchedIdentities | typeof phishingItems | typeof privacyRequests, tenantId: string) {
  return db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)).get()?.n ?? 0;
}

export function firstRunState(tenantId: string) {
  const watched = countWhere(watchedIdentities, tenantId);
  const analysed = countWhere(phishingItems, tenantId);
  const requests = countWhere(privacyRequests, tenantId);
  const projects = db.select({ n: count() }).from(depProjects).where(eq(depProjects.tenantId, tenantId)).get()?.n ?? 0;
  const sites = db.select({ n: count() }).from(webSites).where(eq(webSites.tenantId, tenantId)).get()?.n ?? 0;
  const members = db.select({ n: count() }).from(memberships).where(eq(memberships.tenantId, tenantId)).get()?.n ?? 0;
  const invited = db.select({ n: count() }).from(invitations).where(eq(invitations.tenantId, tenantId)).get()?.n ?? 0;

  const checklist: ChecklistItem[] = [
    { key: "watch", label: "Watch your e-mail addresses", href: "/dark-web-monitoring", done: watched > 0 },
    { key: "phishing", label: "Analyse a suspicious message", href: "/phishing", done: analysed > 0 },
    {
      key: "vulnerability",
      label: "Upload a lockfile or add your site",
      href: "/vulnerability",
      done: projects + sites > 0,
    },
    { key: "privacy", label: "Add a privacy request", href: "/privacy", done: requests > 0 },
    { key: "invite", label: "Invite a colleague", href: "/settings#members-title", done: members > 1 || invited > 0 },
  ];

  const covers: ScoredModule[] = [];
  if (watched > 0) covers.push("Dark Web Monitoring");
  if (analysed > 0) covers.push("Phishing Protection");
  if (projects + sites > 0) covers.push("Vulnerability Scan");
  if (requests > 0) covers.push("Privacy Guard");
  return { checklist, scoreCovers: covers, enoughData: covers.length > 0 };
}

export type FirstRunState = ReturnType<typeof firstRunState>;

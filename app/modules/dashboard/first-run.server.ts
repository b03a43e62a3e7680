/**
 * A tenant's first run: which of the first steps it has taken, read from its
 * stored data (nothing is ticked by visiting a page). Which modules the score
 * covers is the posture model's coverage (app/modules/posture).
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

  return { checklist };
}

export type FirstRunState = ReturnType<typeof firstRunState>;

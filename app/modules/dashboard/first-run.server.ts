/**
 * A tenant's first run: which of the first steps it has taken, read from its
 * stored data (nothing is ticked by visiting a page). Which modules the score
 * covers is the posture model's coverage (app/modules/posture).
 */
import { watchedIdentityCount } from "~/modules/breach";
import { analysedMessageCount } from "~/modules/phishing/index.server";
import { privacyRequestCount } from "~/modules/privacy";
import { invitationCount, memberCount } from "~/modules/tenants";
import { vulnerabilitySourceCounts } from "~/modules/vulnerability/index.server";

export type ChecklistKey = "watch" | "phishing" | "vulnerability" | "privacy" | "invite";
export type ChecklistItem = { key: ChecklistKey; label: string; href: string; done: boolean };


export function firstRunState(tenantId: string) {
  const watched = watchedIdentityCount(tenantId);
  const analysed = analysedMessageCount(tenantId);
  const requests = privacyRequestCount(tenantId);
  const { projects, sites } = vulnerabilitySourceCounts(tenantId);
  const members = memberCount(tenantId);
  const invited = invitationCount(tenantId);

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

/**
 * A tenant's first run: which of the first steps it has taken, read from its
 * stored data (nothing is ticked by visiting a page), and which modules the
 * security score covers. A score over modules that hold no data would be a
 * made-up "100, Good" (issue 20), so the dashboard shows "Not enough data
 * yet" until at least one module has something to judge.
 */
import { watchedIdentityCount } from "~/modules/breach";
import { analysedMessageCount } from "~/modules/phishing/index.server";
import { privacyRequestCount } from "~/modules/privacy";
import { invitationCount, memberCount } from "~/modules/tenants";
import { vulnerabilitySourceCounts } from "~/modules/vulnerability/index.server";

export type ChecklistKey = "watch" | "phishing" | "vulnerability" | "privacy" | "invite";
export type ChecklistItem = { key: ChecklistKey; label: string; href: string; done: boolean };

/** The modules whose findings the security score weighs, in the words of the sidebar. */
export type ScoredModule = "Dark Web Monitoring" | "Phishing Protection" | "Vulnerability Scan" | "Privacy Guard";

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

  const covers: ScoredModule[] = [];
  if (watched > 0) covers.push("Dark Web Monitoring");
  if (analysed > 0) covers.push("Phishing Protection");
  if (projects + sites > 0) covers.push("Vulnerability Scan");
  if (requests > 0) covers.push("Privacy Guard");
  return { checklist, scoreCovers: covers, enoughData: covers.length > 0 };
}

export type FirstRunState = ReturnType<typeof firstRunState>;

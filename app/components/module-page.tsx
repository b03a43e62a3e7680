import { useLoaderData } from "@remix-run/react";
import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { appRoute } from "~/lib/app-routes";
import { TeaserPage } from "./teaser-page";
import { NavIcon } from "./shell/nav-icon";

/** What to do first in a module that holds no data for the tenant yet. */
const NEXT_STEP: Record<string, string> = {
  "/privacy": "No data subject requests are recorded yet. When someone asks for a copy or the deletion of their data, record the request here so its deadline is tracked (one month under GDPR, 45 days under CCPA).",
  "/vulnerability": "No dependency inventory has been uploaded yet. Upload a package-lock.json or requirements file to check it for known vulnerabilities.",
  "/logs": "No logs have been imported yet. Import your sign-in logs to look for brute force, impossible travel and unusual hours.",
  "/incident-response": "No incidents are open. When an alert turns into an incident, open it here to keep a timeline and an owner.",
  "/training-management": "No training has been assigned yet. Invite your team from Settings, then assign security awareness training.",
  "/emergency-access": "No break-glass accounts are registered yet. Register the accounts that must stay reachable in an emergency and who approves their use.",
  "/compliance-monitoring": "No framework is being tracked yet. Choose a framework (SOC 2, ISO 27001, HIPAA) to map your controls and evidence.",
  "/zero-trust": "No access policies have been reviewed yet. Start by listing who can reach your critical systems and how they authenticate.",
  "/cloud-security": "No cloud account has been connected yet. Connect a read-only audit role to review storage exposure, permissions and logging.",
  "/siem-soar": "No event sources are connected yet. Import logs first; detections and playbooks build on them.",
  "/network-security": "No networks are described yet. Add your public addresses to review exposed services.",
};

export function ModulePage({ path, children }: { path: string; children?: ReactNode }) {
  const route = appRoute(path);
  return (
    <main id="main" className="max-w-5xl">
      <div className="flex items-center gap-3">
        <NavIcon name={route.icon} className="h-6 w-6 text-brand" />
        <h1 className="text-2xl font-bold">{route.label}</h1>
      </div>
      <p className="mt-2 text-ink-muted">{route.purpose}</p>
      <div className="mt-6">{children ?? <EmptyState>{NEXT_STEP[path] ?? "Nothing here yet."}</EmptyState>}</div>
    </main>
  );
}

export function EmptyState({ children, title = "Nothing to show yet" }: { children: ReactNode; title?: string }) {
  return (
    <div className="card flex items-start gap-4" data-testid="empty-state">
      <Inbox className="mt-0.5 h-6 w-6 shrink-0 text-ink-faint" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-ink-muted">{children}</p>
      </div>
    </div>
  );
}

/** The whole component of a module route with no module data yet: teaser when signed out, page otherwise. */
export function ModuleRoute({ path }: { path: string }) {
  const data = useLoaderData<{ teaser: boolean }>();
  if (data.teaser) return <TeaserPage path={path} />;
  return <ModulePage path={path} />;
}

import { useLoaderData } from "@remix-run/react";
import { Inbox } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { appRoute } from "~/lib/app-routes";
import { TeaserPage } from "./teaser-page";
import { NavIcon } from "./shell/nav-icon";

/**
 * The empty state of a module whose analysis is not built yet: it says plainly
 * that nothing is stored, and names a next step a person can take today.
 */
const NEXT_STEP: Record<string, string> = {
  "/logs":
    "Nothing is stored for your organization yet: log import is being built. Until then, turn on sign-in logging at your identity provider and keep at least 90 days.",
  "/incident-response":
    "No incidents are recorded yet: incident tracking is being built. Until then, give every alert you act on an owner and a written timeline.",
  "/training-management":
    "No training is recorded yet: assignments are being built. Until then, invite your team from Settings so everyone sees the organization's alerts.",
  "/emergency-access":
    "No break-glass accounts are recorded yet: this register is being built. Until then, keep at least two emergency accounts with long passphrases stored offline.",
  "/siem-soar": "No event sources are connected yet: detections and playbooks are being built on top of log import.",
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

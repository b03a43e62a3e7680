import { useLoaderData } from "@remix-run/react";
import { Inbox } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { appRoute } from "~/lib/app-routes";
import { TeaserPage } from "./teaser-page";
import { NavIcon } from "./shell/nav-icon";

export function ModulePage({ path, children }: { path: string; children?: ReactNode }) {
  const route = appRoute(path);
  return (
    <main id="main" className="max-w-5xl">
      <div className="flex items-center gap-3">
        <NavIcon name={route.icon} className="h-6 w-6 text-brand" />
        <h1 className="text-2xl font-bold">{route.label}</h1>
      </div>
      <p className="mt-2 text-ink-muted">{route.purpose}</p>
      <div className="mt-6">{children ?? <EmptyState>Nothing here yet.</EmptyState>}</div>
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

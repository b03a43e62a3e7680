import type { ReactNode } from "react";
import type { IconName } from "~/lib/app-routes";
import type { SidebarState } from "~/lib/sidebar-state";
import { splitComponent } from "../split-component";
import { SidebarShell as ServerSidebarShell } from "./sidebar-shell.server";

export type ShellData = {
  user: { id: string; email: string };
  tenants: { id: string; name: string }[];
  selectedTenantId: string | null;
  planName: string;
  trialActive: boolean;
  allowance: { label: string; reached: boolean; upgradeMessage: string | null };
  nav: { path: string; label: string; icon: IconName }[];
  sidebar: SidebarState;
};

/**
 * The sidebar shell of signed-in pages (./sidebar-shell). The `_app` layout also serves the signed-out landing
 * page, so the shell's code (sidebar, tenant selector, Radix dialog and tooltip, icons) is loaded by the browser
 * only when a signed-in page renders it.
 */
export const AppShell = splitComponent<{ data: ShellData; children: ReactNode }>(
  ServerSidebarShell,
  () => import("./sidebar-shell").then((m) => m.SidebarShell),
  "AppShell",
  { preloadIfRendered: "[data-sidebar]" },
);

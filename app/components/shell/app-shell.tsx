import type { IconName } from "~/lib/app-routes";
import type { SidebarState } from "~/lib/sidebar-state";

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

/** The sidebar shell of signed-in pages (./sidebar-shell). */
export { SidebarShell as AppShell } from "./sidebar-shell";

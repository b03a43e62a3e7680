import type { IconName } from "~/lib/app-routes";
import type { SidebarState } from "~/lib/sidebar-state";
import type { TrialStatusData } from "~/lib/trial-status";

export type ShellData = {
  user: { id: string; email: string };
  tenants: { id: string; name: string }[];
  selectedTenantId: string | null;
  /** The effective plan's name (Enterprise during a trial), and the organization's own plan shown once a trial ends. */
  planName: string;
  ownPlanName: string;
  trial: TrialStatusData | null;
  allowance: { label: string; reached: boolean; upgradeMessage: string | null };
  nav: { path: string; label: string; icon: IconName }[];
  /** The footer's 'Admin' label links to the admin area when the plan and the role open it (else plain text). */
  adminLink: boolean;
  sidebar: SidebarState;
};

/** The sidebar shell of signed-in pages (./sidebar-shell). */
export { SidebarShell as AppShell } from "./sidebar-shell";

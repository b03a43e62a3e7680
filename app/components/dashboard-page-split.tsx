import type { ComponentProps } from "react";
import type { DashboardPage as DashboardPageImpl } from "./dashboard-page";
import { DashboardPage as ServerDashboardPage } from "./dashboard-page.server";
import { splitComponent } from "./split-component";

/**
 * The dashboard for `/`, whose signed-out visitors see the landing page instead: the browser loads the
 * dashboard's code (charts, data hooks) only when a signed-in visitor renders it.
 */
export const SplitDashboardPage = splitComponent<ComponentProps<typeof DashboardPageImpl>>(
  ServerDashboardPage,
  () => import("./dashboard-page").then((m) => m.DashboardPage),
  "DashboardPage",
  { preloadIfRendered: "[data-page=dashboard]" },
);

// The dashboard: its page loader, the figures other pages (executive report) reuse, and its view.
export { dashboardPage } from "./dashboard-page.server";
export { findingsBySeverity, riskTrend, dashboardData, moduleUsage } from "./dashboard.server";
export { analytics } from "./insights.server";
export { formatNumber } from "./components/format";
export { DashboardView } from "./components/dashboard-view";

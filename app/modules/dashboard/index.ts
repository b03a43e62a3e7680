// The dashboard: its page loader, the figures other pages (executive report) reuse, and its view.
export { loadDashboard } from "./dashboard-page.server";
export { findingsBySeverity, riskTrend, dashboardData, moduleUsage } from "./dashboard.server";
export { analytics } from "./insights.server";
export { formatDate, formatNumber } from "./components/format";
export { DashboardView } from "./components/dashboard-view";

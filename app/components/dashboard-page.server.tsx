// The server renders the dashboard synchronously from this re-export; the browser build empties *.server files,
// so the landing page's route module does not carry the dashboard (see ./split-component).
export { DashboardPage } from "./dashboard-page";

// Alerts raised by the modules: what other modules may use.
export { raiseAlert, listActiveAlerts, listAlerts, setAlertStatus, type Severity } from "./alerts.server";

/**
 * The alerting functions for server-only callers that must not load the module's components (operator
 * scripts run under tsx, which cannot load the icon sprite the bell pulls in): the same functions as index.ts.
 */
export { resolveAlertsForObject, alertForObject, alertObjectKey, type AlertObject } from "./alerts.server";

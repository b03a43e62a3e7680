/** Shared alert vocabulary (isomorphic). */
export type Severity = "low" | "medium" | "high" | "critical";
export const SEVERITIES: Severity[] = ["low", "medium", "high", "critical"];
export type AlertStatus = "active" | "acknowledged" | "resolved";
/** What the UI filters by: `silenced` is an open alert whose silence has not run out. */
export type AlertStatusFilter = AlertStatus | "silenced" | "open";

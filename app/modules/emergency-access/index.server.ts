// What the tenant gate reads of emergency access on every request (kept apart from index.ts: see grants.server.ts).
export { activeGrantsOfUser, markGrantUsed, GRANT_ROLE, type ActiveGrant } from "./grants.server";
// Usage analytics (issue 31) count requests and grants through this.
export { emergencyUsageSince } from "./usage.server";

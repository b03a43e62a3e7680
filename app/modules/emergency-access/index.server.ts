// What the tenant gate reads of emergency access on every request (kept apart from index.ts: see grants.server.ts).
export { activeGrantsOfUser, markGrantUsed, GRANT_ROLE, type ActiveGrant } from "./grants.server";

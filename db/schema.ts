/**
 * Every table Rampart keeps, in one SQLite file, re-exported for drizzle-kit (drizzle.config.ts)
 * and the database handle (app/lib/db.server.ts). Each table is declared by the module that owns
 * it, in app/modules/<name>/schema.ts (the job table beside its runner, app/lib/jobs.schema.ts); a
 * module imports only its own schema (the lint rule in eslint.config.js) and reaches other tables
 * through their owner's functions. A new table goes in its module's schema.ts, then
 * `npx drizzle-kit generate --name <module>`.
 *
 * Tenant-owned tables carry `tenant_id` with ON DELETE CASCADE, and every query
 * helper in app/modules takes the tenant id as a required argument.
 * Timestamps are unix milliseconds (integer) so comparisons stay cheap.
 */
export * from "../app/modules/accounts/schema";
export * from "../app/modules/tenants/schema";
export * from "../app/modules/audit/schema";
export * from "../app/modules/contact/schema";
export * from "../app/modules/alerts/schema";
export * from "../app/modules/phishing/schema";
export * from "../app/modules/password/schema";
export * from "../app/modules/breach/schema";
export * from "../app/modules/page-cache/schema";
export * from "../app/lib/jobs.schema";
export * from "../app/modules/vulnerability/schema";
export * from "../app/modules/privacy/schema";
export * from "../app/modules/compliance/schema";
export * from "../app/modules/incidents/schema";
export * from "../app/modules/api-tokens/schema";
export * from "../app/modules/events/schema";
export * from "../app/modules/detection/schema";
export * from "../app/modules/playbooks/schema";
export * from "../app/modules/feeds/schema";
export * from "../app/modules/zero-trust/schema";
export * from "../app/modules/endpoint/schema";
export * from "../app/modules/network/schema";
export * from "../app/modules/cloud/schema";
export * from "../app/modules/training/schema";
export * from "../app/modules/sso/schema";
export * from "../app/modules/emergency-access/schema";
export * from "../app/modules/executive/schema";

// Types for match.js (plain ESM so the import script runs without a build).
import type { Database } from "better-sqlite3";

export type Level = "low" | "medium" | "high";
export type Match = {
  tenantId: string;
  identityId: string;
  type: "email" | "domain";
  value: string;
  breachId: string;
  accountCount: number;
};

export const HMAC_KEY_FILE: "breach-hmac-key";
export function normaliseEmail(email: string): string;
export function emailDomain(email: string): string;
export function hashEmail(key: string, email: string): string;
export function readOrCreateHmacKey(dir: string): string;
export const HIGH_DATA_CLASSES: string[];
export const MEDIUM_DATA_CLASSES: string[];
export function severityForDataClasses(dataClasses: readonly string[] | null | undefined): Level;
export function maxSeverity(levels: Iterable<Level>): Level;
export const VISIBLE_TO_IDENTITY_SQL: string;
export function findMatches(
  sqlite: Database,
  filter?: { breachId?: string; identityId?: string; tenantId?: string; domain?: string },
): Match[];
export function recordExposures(
  sqlite: Database,
  matches: Match[],
  options?: { alert?: boolean; now?: number },
): Match[];
export function matchBreach(sqlite: Database, breachId: string, options?: { alert?: boolean; now?: number }): Match[];
export function matchIdentity(
  sqlite: Database,
  identityId: string,
  options?: { alert?: boolean; now?: number },
): Match[];
export function normaliseDomain(domain: string): string;
export function verifyDomain(
  sqlite: Database,
  tenantId: string,
  domain: string,
): { ok: boolean; message: string; newExposures?: number };

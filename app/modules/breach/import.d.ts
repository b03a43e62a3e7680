// Types for import.js (plain ESM so the import script runs without a build).
import type { Database } from "better-sqlite3";

export class BreachFileError extends Error {}
export type BreachMetadata = {
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  addedDate: string;
  pwnCount: number;
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSensitive: boolean;
  isRetired: boolean;
  isSpamList: boolean;
};
export type ImportResult = {
  breachId: string;
  name: string;
  created: boolean;
  accountsRead: number;
  accountsAdded: number;
  accountsSkipped: number;
  newExposures: number;
  tenantsAlerted: number;
};
export type ImportOptions = { hmacKey: string; alert?: boolean; onProgress?: (read: number) => void };
export function normaliseMetadata(raw: unknown, now?: Date): BreachMetadata;
export function parseCsvLine(line: string): string[];
export function importBreach(
  sqlite: Database,
  rawMeta: Record<string, unknown>,
  accounts: Iterable<string> | AsyncIterable<string>,
  options: ImportOptions,
): Promise<ImportResult>;
export function importBreachFile(sqlite: Database, file: string, options: ImportOptions): Promise<ImportResult>;

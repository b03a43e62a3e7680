import type { ChildProcess } from "node:child_process";

export const ROOT: string;
export const SESSION_SECRET: string;
export function ensureBuild(): Promise<void>;
export function tempDir(prefix?: string): string;
export function freePort(): Promise<number>;
export function seedAccount(
  dbFile: string,
  opts?: { plan?: "free" | "pro" | "business" | "enterprise"; email?: string; tenantName?: string },
): Promise<{ userId: string; tenantId: string; cookie: string }>;
export function seedModuleData(dbFile: string, tenantId: string, opts?: { alerts?: number; phishing?: number }): void;
export function freshDatabase(prefix?: string): { dir: string; file: string };
export function rssOf(pid: number): number | null;
export function cpuMsOf(pid: number): number | null;
export type RunningServer = {
  child: ChildProcess;
  port: number;
  url: string;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  rss(): number | null;
  cpuMs(): number | null;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};
export function startServer(opts?: {
  dbFile?: string;
  port?: number;
  env?: Record<string, string>;
  quietLog?: boolean;
  nodeArgs?: string[];
}): Promise<RunningServer>;

/** What /network-security's loader and action answer (isomorphic: the page component reads these). */
import type { FindingSeverity } from "./checks";

export type NetworkLoaderData = {
  teaser: false;
  canImport: boolean;
  canManageTargets: boolean;
  scheduler: { enabled: boolean; nmapInstalled: boolean };
  scans: Array<{
    filename: string;
    source: "upload" | "scheduled";
    startedAt: number;
    hosts: number;
    openPorts: number;
  }>;
  latest: null | {
    filename: string;
    startedAt: number;
    services: Array<{
      host: string;
      port: number;
      protocol: string;
      service: string | null;
      product: string | null;
      version: string | null;
    }>;
    findings: Array<{
      host: string;
      port: number | null;
      check: string;
      title: string;
      severity: FindingSeverity;
      remediation: string;
    }>;
  };
  /** Latest scan against the one before it; null with fewer than two scans. */
  drift: null | {
    sinceFilename: string;
    opened: Array<{ host: string; port: number; service: string | null }>;
    closed: Array<{ host: string; port: number; service: string | null }>;
    changed: Array<{
      host: string;
      port: number;
      from: { product: string | null; version: string | null };
      to: { product: string | null; version: string | null };
    }>;
  };
  assets: Array<{ address: string; hostnames: string[]; openPorts: number; firstSeenAt: number; lastSeenAt: number }>;
  targets: Array<{
    kind: "domain-host" | "ip-range";
    target: string;
    approved: boolean;
    lastScanAt: number | null;
    lastError: string | null;
  }>;
};

export type NetworkActionData = {
  intent: "import" | "add-target" | "remove-target" | "unknown";
  ok?: string;
  errors?: Record<string, string>;
};

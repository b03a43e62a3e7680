/**
 * Files an organization owns on disk, outside the database: each store keeps them under
 * `<data directory>/<store>/<tenant id>/`. This list is the one place that names the stores, the way every
 * `tenant_id` table of the schema is a tenant table (docs/decisions/024-deleting-an-organization.md): the modules
 * that write files take their directory from `tenantFileDir`, and deleting an organization (or the account that was
 * its only member) removes `removeTenantFiles` for each store, so no file outlives its organization (issue 26).
 */
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

export const TENANT_FILE_STORES = {
  /** Incident evidence (app/modules/incidents/evidence.server.ts). */
  incidentEvidence: "incident-evidence",
  /** Compliance evidence (app/modules/compliance/evidence-store.server.ts). */
  complianceEvidence: "evidence",
} as const;

export type TenantFileStore = keyof typeof TENANT_FILE_STORES;

const SAFE_TENANT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The directory of one tenant's files in one store (the tenant id is checked: it becomes a path segment). */
export function tenantFileDir(store: TenantFileStore, tenantId: string): string {
  if (!SAFE_TENANT_ID.test(tenantId)) throw new Error("Unexpected tenant id");
  return path.join(getEnv().dataDir, TENANT_FILE_STORES[store], tenantId);
}

/**
 * Removes every file of the tenant in every store. Called after the transaction that deleted its rows committed (a
 * rolled-back deletion keeps its files); a file that cannot be removed is logged, not thrown, since the
 * organization is gone either way.
 */
export function removeTenantFiles(tenantId: string): void {
  for (const store of Object.keys(TENANT_FILE_STORES) as TenantFileStore[]) {
    try {
      fs.rmSync(tenantFileDir(store, tenantId), { recursive: true, force: true });
    } catch (error) {
      console.error(`Could not remove the ${store} files of a deleted organization: ${(error as Error).message}`);
    }
  }
}

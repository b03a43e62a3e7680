/**
 * The evidence file store: uploaded evidence is kept on disk under the data
 * directory (`<data>/evidence/<tenant id>/<random name>`), never under a name
 * the uploader chose, and is only ever handed back as a download
 * (Content-Disposition: attachment, X-Content-Type-Options: nosniff): Rampart
 * neither renders nor executes it. Its SHA-256 is computed on arrival and
 * shown, so an auditor can check the copy they were given. Each file is
 * capped, and each tenant has a quota over all its files.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { tenantFileDir } from "~/lib/tenant-files.server";
import { DomainError } from "~/lib/errors";

export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_TENANT_QUOTA_BYTES = 100 * 1024 * 1024;

export type EvidenceLimits = { maxBytes: number; quotaBytes: number };
export const DEFAULT_LIMITS: EvidenceLimits = {
  maxBytes: EVIDENCE_MAX_BYTES,
  quotaBytes: EVIDENCE_TENANT_QUOTA_BYTES,
};

export class EvidenceStoreError extends DomainError {
  constructor(
    readonly reason: "empty" | "too-large" | "quota",
    message: string,
  ) {
    super(message, { field: "file" });
  }
}

const SAFE_SEGMENT = /^[A-Za-z0-9-]{1,64}$/;

// One folder per tenant, removed with its organization (app/lib/tenant-files.server.ts).
function tenantDir(tenantId: string) {
  return tenantFileDir("complianceEvidence", tenantId);
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Writes one evidence file for a tenant whose files already take `usedBytes`.
 * Refuses empty files, files over the cap and files that would exceed the quota.
 */
export function storeEvidenceFile(
  tenantId: string,
  bytes: Uint8Array,
  usedBytes: number,
  limits: EvidenceLimits = DEFAULT_LIMITS,
): { storageKey: string; sha256: string; sizeBytes: number } {
  if (bytes.byteLength === 0) throw new EvidenceStoreError("empty", "The file is empty.");
  if (bytes.byteLength > limits.maxBytes)
    throw new EvidenceStoreError("too-large", `Evidence files can be at most ${formatBytes(limits.maxBytes)}.`);
  if (usedBytes + bytes.byteLength > limits.quotaBytes)
    throw new EvidenceStoreError(
      "quota",
      `Your organization's evidence storage (${formatBytes(limits.quotaBytes)}) is full: remove old evidence first.`,
    );
  const dir = tenantDir(tenantId);
  fs.mkdirSync(dir, { recursive: true });
  const storageKey = randomUUID();
  // wx: never overwrite; the random name makes a clash practically impossible anyway.
  fs.writeFileSync(path.join(dir, storageKey), bytes, { flag: "wx", mode: 0o600 });
  return { storageKey, sha256: sha256Hex(bytes), sizeBytes: bytes.byteLength };
}

export function readEvidenceFile(tenantId: string, storageKey: string): Buffer | null {
  if (!SAFE_SEGMENT.test(storageKey)) return null;
  try {
    return fs.readFileSync(path.join(tenantDir(tenantId), storageKey));
  } catch {
    return null;
  }
}

export function deleteEvidenceFile(tenantId: string, storageKey: string): void {
  if (!SAFE_SEGMENT.test(storageKey)) return;
  fs.rmSync(path.join(tenantDir(tenantId), storageKey), { force: true });
}

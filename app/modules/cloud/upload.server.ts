/**
 * An upload, as the API and the page take it: the provider and optional account label checked, the bytes
 * parsed in the worker pool under the caps and the deadline, the result stored as a snapshot. Errors are
 * DomainErrors with the field they belong to (400 for a bad field or unreadable zip, 413 past a cap).
 */
import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "./limits";
import { parseInPool } from "./pool.server";
import { storeSnapshot, type StoredSnapshot } from "./snapshots.server";
import { PROVIDERS } from "./types";

export const PROVIDER_REQUIRED = 'Choose the provider: "aws", "azure" or "gcp".';
export const FILE_REQUIRED = "Choose a zip of CLI outputs or one JSON file.";
export const ACCOUNT_INVALID = "The account label is at most 120 characters.";

export const UploadFields = z.object({
  provider: z.enum(PROVIDERS, { error: PROVIDER_REQUIRED }),
  account: z
    .string()
    .trim()
    .max(120, ACCOUNT_INVALID)
    .optional()
    .transform((s) => s || null),
});

export async function uploadSnapshot(input: {
  tenantId: string;
  userId: string;
  provider: unknown;
  account: unknown;
  file: { name: string; bytes: Uint8Array } | null;
  ip?: string | null;
}): Promise<StoredSnapshot> {
  const fields = UploadFields.safeParse({
    provider: input.provider ?? undefined,
    account: typeof input.account === "string" ? input.account : undefined,
  });
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    throw new DomainError(issue.message, { status: 400, code: "VALIDATION_ERROR", field: String(issue.path[0]) });
  }
  if (!input.file || input.file.bytes.length === 0)
    throw new DomainError(FILE_REQUIRED, { status: 400, code: "VALIDATION_ERROR", field: "file" });
  if (input.file.bytes.length > MAX_UPLOAD_BYTES)
    throw new DomainError(UPLOAD_TOO_LARGE, { status: 413, field: "file" });
  const parsed = await parseInPool(input.file.name, input.file.bytes, fields.data.provider);
  if (!parsed.ok) throw new DomainError(parsed.message, { status: parsed.status, field: "file" });
  return storeSnapshot({
    tenantId: input.tenantId,
    userId: input.userId,
    provider: fields.data.provider,
    account: fields.data.account,
    filename: input.file.name || "upload",
    parsed,
    ip: input.ip ?? null,
  });
}

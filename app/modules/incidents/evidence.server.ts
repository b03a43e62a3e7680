/**
 * Evidence files of a case: stored on disk under the data directory (data/incident-evidence/<tenant>/<id>), named
 * by their id (never the uploaded name, so no path from the client reaches the file system), hashed with SHA-256
 * as they arrive, and only ever served back as an attachment with nosniff (never rendered or executed). Each file
 * is capped at 25 MB; a tenant's evidence together at the storage quota.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { incidentEvidence } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { TENANT_FILE_STORES } from "~/lib/tenant-files.server";
import { appendEvent, caseExists, IncidentError, type Actor } from "./cases.server";
import { EVIDENCE_MAX_BYTES } from "./types";

/** Per tenant, all cases together. */
export const EVIDENCE_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;

// Under the data directory, one folder per tenant, removed with its organization (app/lib/tenant-files.server.ts).
const DIR = TENANT_FILE_STORES.incidentEvidence;

export function evidenceUsage(tenantId: string): number {
  return (
    db
      .select({ n: sql<number | null>`sum(${incidentEvidence.sizeBytes})` })
      .from(incidentEvidence)
      .where(eq(incidentEvidence.tenantId, tenantId))
      .get()?.n ?? 0
  );
}

/** A file name safe to show and to put in Content-Disposition: no path, no control characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 200);
  return clean || "evidence.bin";
}

/**
 * Async so that writing a file of up to 25 MB happens on libuv's threads, not the event loop (issue 26: a
 * synchronous write held /healthz for about 200 ms).
 */
export async function storeEvidence(
  tenantId: string,
  incidentId: string,
  file: { name: string; type?: string; bytes: Uint8Array },
  actor: Actor,
  options: { now?: number; quotaBytes?: number; note?: string | null } = {},
) {
  const now = options.now ?? Date.now();
  if (!caseExists(tenantId, incidentId)) return null;
  if (file.bytes.byteLength === 0) throw new IncidentError("The file is empty", "file");
  if (file.bytes.byteLength > EVIDENCE_MAX_BYTES)
    throw new IncidentError("Evidence files are limited to 25 MB each", "file", 413);
  const quota = options.quotaBytes ?? EVIDENCE_QUOTA_BYTES;
  if (evidenceUsage(tenantId) + file.bytes.byteLength > quota)
    throw new IncidentError("This organization's evidence storage quota is full", "file", 413);
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const id = randomUUID();
  const relative = path.join(DIR, tenantId, id);
  const absolute = path.join(getEnv().dataDir, relative);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true, mode: 0o700 });
  await fs.promises.writeFile(absolute, file.bytes, { mode: 0o600, flag: "wx" });
  // The case may have been deleted while the file was written.
  if (!caseExists(tenantId, incidentId)) {
    await fs.promises.rm(absolute, { force: true });
    return null;
  }
  const fileName = safeFileName(file.name);
  try {
    db.transaction(() => {
      db.insert(incidentEvidence)
        .values({
          id,
          tenantId,
          incidentId,
          fileName,
          // Kept for the record only; downloads are always application/octet-stream.
          contentType: (file.type || "application/octet-stream").slice(0, 100),
          sizeBytes: file.bytes.byteLength,
          sha256,
          storagePath: relative,
          note: options.note || null,
          uploadedBy: actor.userId,
          createdAt: now,
        })
        .run();
      appendEvent(
        tenantId,
        incidentId,
        actor,
        "evidence",
        { evidenceId: id, fileName, sha256, sizeBytes: file.bytes.byteLength },
        now,
      );
    });
  } catch (error) {
    fs.rmSync(absolute, { force: true });
    throw error;
  }
  return {
    id,
    fileName,
    sha256,
    sizeBytes: file.bytes.byteLength,
    contentType: file.type || "application/octet-stream",
    createdAt: now,
  };
}

/** The stored file of one evidence item of one case (null when not this tenant's or gone). */
export function readEvidence(tenantId: string, incidentId: string, evidenceId: string) {
  const e = db
    .select()
    .from(incidentEvidence)
    .where(
      and(
        eq(incidentEvidence.tenantId, tenantId),
        eq(incidentEvidence.incidentId, incidentId),
        eq(incidentEvidence.id, evidenceId),
      ),
    )
    .get();
  if (!e) return null;
  const absolute = path.join(getEnv().dataDir, e.storagePath);
  if (!fs.existsSync(absolute)) return null;
  return { ...e, bytes: fs.readFileSync(absolute) };
}

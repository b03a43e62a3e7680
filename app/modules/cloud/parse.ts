/**
 * One upload, from bytes to findings: the zip read under the caps of limits.ts (inflated sizes counted as
 * they inflate, fflate's streaming Unzip fed in small slices so no slice can inflate far past a cap), every
 * file recognised by its shape, the provider's checks run. Pure and synchronous: the worker thread
 * (parse-worker.ts) runs it under a deadline; nothing here touches the database.
 */
import { Unzip, UnzipInflate } from "fflate";
import { awsAccount } from "./checks/aws";
import { azureSubscription } from "./checks/azure";
import { gcpProject } from "./checks/gcp";
import { docsOf, runChecks } from "./checks/index";
import {
  FILE_TOO_LARGE,
  MAX_FILE_BYTES,
  MAX_TOTAL_BYTES,
  MAX_ZIP_ENTRIES,
  NOT_A_ZIP,
  TOO_MANY_ENTRIES,
  TOTAL_TOO_LARGE,
} from "./limits";
import { prowlerAccount, prowlerFindings, prowlerProvider } from "./prowler";
import { recognise } from "./recognise";
import type { Doc, ParseOutcome, Provider } from "./types";

type Entry = { name: string; bytes: Uint8Array };
class CapError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

export const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The zip's files (directories left out), or a CapError past a cap or for an unreadable archive. */
export function readZip(data: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  let total = 0;
  let failure: CapError | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (failure) return;
    if (entries.length >= MAX_ZIP_ENTRIES) {
      failure = new CapError(TOO_MANY_ENTRIES, 413);
      return;
    }
    const isDir = file.name.endsWith("/");
    const chunks: Uint8Array[] = [];
    let size = 0;
    const entry: Entry = { name: file.name.replace(/\\/g, "/"), bytes: new Uint8Array(0) };
    if (!isDir) entries.push(entry);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new CapError(NOT_A_ZIP, 400);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > MAX_FILE_BYTES) failure = new CapError(FILE_TOO_LARGE, 413);
      else if (total > MAX_TOTAL_BYTES) failure = new CapError(TOTAL_TOO_LARGE, 413);
      if (failure) return;
      if (!isDir) chunks.push(chunk);
      if (final && !isDir) entry.bytes = concat(chunks, size);
    };
    if (file.compression !== 0 && file.compression !== 8) {
      // Neither stored nor deflated (an encrypted or exotic entry): listed, then skipped as unreadable.
      entry.bytes = new Uint8Array(0);
      return;
    }
    file.start();
  };
  // 4 KB slices: deflate inflates at most ~1,000×, so no slice takes the output more than ~4 MB past a cap.
  const SLICE = 4096;
  try {
    for (let i = 0; i < data.length && !failure; i += SLICE)
      unzip.push(data.subarray(i, Math.min(data.length, i + SLICE)), i + SLICE >= data.length);
  } catch {
    failure ??= new CapError(NOT_A_ZIP, 400);
  }
  if (failure) throw failure;
  if (entries.length === 0) throw new CapError(NOT_A_ZIP, 400);
  return entries;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/** Parses one upload (a zip of CLI outputs or one JSON file) of `provider`. Never throws. */
export function parseUpload(filename: string, bytes: Uint8Array, provider: Provider): ParseOutcome {
  let files: Entry[];
  try {
    files = isZip(bytes) ? readZip(bytes) : [{ name: filename || "upload.json", bytes }];
  } catch (error) {
    if (error instanceof CapError) return { ok: false, status: error.status, message: error.message };
    return { ok: false, status: 400, message: NOT_A_ZIP };
  }
  const docs: Doc[] = [];
  const recognised: { file: string; kind: Doc["kind"] }[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const f of files) {
    const file = f.name.slice(0, 300);
    const base = file.split("/").pop() ?? "";
    if (file.startsWith("__MACOSX/") || base.startsWith("._") || base === ".DS_Store") {
      skipped.push({ file, reason: "Operating-system metadata, not a CLI output." });
      continue;
    }
    let r;
    try {
      r = recognise(file, decoder.decode(f.bytes), provider);
    } catch {
      r = { skipped: "The file could not be read." };
    }
    if ("skipped" in r) {
      skipped.push({ file, reason: r.skipped });
      continue;
    }
    if (r.doc.kind === "prowler:ocsf") {
      const p = prowlerProvider(r.doc);
      if (p && p !== provider) {
        skipped.push({ file, reason: `Prowler findings for ${p} in a ${provider} upload: upload it as ${p}.` });
        continue;
      }
    }
    docs.push(r.doc);
    recognised.push({ file, kind: r.doc.kind });
  }
  const set = docsOf(docs);
  const { findings, notChecked } = runChecks(provider, set);
  const prowler = prowlerFindings(set.of("prowler:ocsf"), provider);
  const account =
    (provider === "aws" ? awsAccount(set) : provider === "azure" ? azureSubscription(set) : gcpProject(set)) ??
    prowlerAccount(set.of("prowler:ocsf"));
  return { ok: true, recognised, skipped, findings: [...findings, ...prowler], notChecked, account };
}

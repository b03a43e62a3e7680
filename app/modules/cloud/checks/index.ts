/**
 * Every check of the cloud module, by provider. The ids are stable (stored with findings, named by the
 * mutelist and by alerts); docs/cloud-security.md's check table is generated from this list
 * (`npm run docs:cloud`, kept current by a test).
 */
import type { CheckDefinition, Doc, DocKind, Docs, Provider, RawFinding } from "../types";
import { AWS_CHECKS } from "./aws";
import { AZURE_CHECKS } from "./azure";
import { GCP_CHECKS } from "./gcp";

export const CHECKS: readonly CheckDefinition[] = [...AWS_CHECKS, ...AZURE_CHECKS, ...GCP_CHECKS];

export const checkById = (id: string) => CHECKS.find((c) => c.id === id);

export function docsOf(list: readonly Doc[]): Docs {
  const by = new Map<DocKind, Doc[]>();
  for (const d of list) by.set(d.kind, [...(by.get(d.kind) ?? []), d]);
  return { of: (k) => by.get(k) ?? [], has: (k) => by.has(k) };
}

/**
 * Runs a provider's checks over the recognised files. A check none of whose input kinds was uploaded is
 * "not checked" (never a pass); its results otherwise, one per resource.
 */
export function runChecks(provider: Provider, docs: Docs): { findings: RawFinding[]; notChecked: string[] } {
  const findings: RawFinding[] = [];
  const notChecked: string[] = [];
  for (const check of CHECKS) {
    if (check.provider !== provider) continue;
    if (!check.needs.some((k) => docs.has(k))) {
      notChecked.push(check.id);
      continue;
    }
    const seen = new Set<string>();
    for (const r of check.evaluate(docs)) {
      const resource = r.resource.slice(0, 300) || "(unnamed)";
      if (seen.has(resource)) continue;
      seen.add(resource);
      findings.push({
        checkId: check.id,
        cis: check.cis,
        title: check.title,
        severity: check.severity,
        resource,
        status: r.status,
        source: "rampart",
        detail: r.detail?.slice(0, 500) ?? null,
        remediation: check.remediation,
      });
    }
  }
  return { findings, notChecked };
}

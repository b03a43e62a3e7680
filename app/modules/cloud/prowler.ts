/**
 * Prowler's own findings (`prowler <provider> --output-formats json-ocsf`): a JSON array of OCSF 1.x
 * Detection/Compliance findings. Each becomes a finding beside Rampart's, its check id prefixed `prowler:`,
 * its CIS control read from `unmapped.compliance` ("CIS-3.0": ["1.4"]). MANUAL results are not findings.
 */
import { obj, objs, str, strs } from "./checks/util";
import type { Doc, Provider, RawFinding, Severity } from "./types";

const MAX_PROWLER_FINDINGS = 20_000;
const SEVERITY: Record<string, Severity> = {
  critical: "critical",
  high: "high",
  medium: "medium",
  low: "low",
  informational: "low",
};
const BENCHMARK: Record<Provider, string> = { aws: "AWS", azure: "Azure", gcp: "GCP" };

function cisOf(compliance: Record<string, unknown>, provider: Provider): string | null {
  const keys = Object.keys(compliance)
    .filter((k) => /^CIS-\d+(\.\d+)*$/.test(k))
    .sort()
    .reverse();
  const key = keys[0];
  if (!key) return null;
  const controls = strs(compliance[key]).slice(0, 5);
  return controls.length ? `${BENCHMARK[provider]} CIS ${key.slice(4)} ${controls.join(", ")}` : null;
}

export function prowlerFindings(docs: Doc[], provider: Provider): RawFinding[] {
  const out: RawFinding[] = [];
  for (const doc of docs) {
    for (const f of objs(doc.data)) {
      if (out.length >= MAX_PROWLER_FINDINGS) return out;
      const code = str(f.status_code).toUpperCase();
      if (code !== "PASS" && code !== "FAIL") continue;
      const info = obj(f.finding_info);
      const meta = obj(f.metadata);
      const resource = objs(f.resources)[0] ?? {};
      const remediation = obj(f.remediation);
      const checkId = str(meta.event_code) || str(info.uid).slice(0, 120);
      if (!checkId) continue;
      const text = str(remediation.desc).slice(0, 2000);
      out.push({
        checkId: `prowler:${checkId.slice(0, 150)}`,
        cis: cisOf(obj(obj(f.unmapped).compliance), provider),
        title: (str(info.title) || checkId).slice(0, 300),
        severity: SEVERITY[str(f.severity).toLowerCase()] ?? "medium",
        resource: (str(resource.uid) || str(resource.name) || "(unnamed)").slice(0, 300),
        status: code === "PASS" ? "pass" : "fail",
        source: "prowler",
        detail: (str(f.status_detail) || str(f.message)).slice(0, 500) || null,
        remediation: text ? { text, cli: "", console: "" } : null,
      });
    }
  }
  return out;
}

/** The provider a Prowler file was run against (`cloud.provider`), when it says. */
export function prowlerProvider(doc: Doc): string | null {
  const first = objs(doc.data)[0];
  return first ? str(obj(first.cloud).provider).toLowerCase() || null : null;
}

export function prowlerAccount(docs: Doc[]): string | null {
  for (const d of docs) {
    const first = objs(d.data)[0];
    const uid = first ? str(obj(obj(first.cloud).account).uid) : "";
    if (uid) return uid;
  }
  return null;
}

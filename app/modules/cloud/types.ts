/**
 * The shapes shared by the cloud module's parser (worker thread), its storage and its page: providers, the kinds
 * of CLI output it recognises, the checks and their results.
 */
export const PROVIDERS = ["aws", "azure", "gcp"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_LABEL: Record<Provider, string> = { aws: "AWS", azure: "Azure", gcp: "Google Cloud" };

export type Severity = "low" | "medium" | "high" | "critical";
export const SEVERITY_ORDER: readonly Severity[] = ["critical", "high", "medium", "low"];

/** What one recognised file is, named after the command that wrote it. */
export type DocKind =
  | "aws:get-account-authorization-details"
  | "aws:credential-report"
  | "aws:get-account-password-policy"
  | "aws:get-account-summary"
  | "aws:list-buckets"
  | "aws:get-public-access-block"
  | "aws:get-bucket-policy-status"
  | "aws:get-bucket-encryption"
  | "aws:describe-security-groups"
  | "aws:describe-instances"
  | "aws:describe-trails"
  | "aws:get-trail-status"
  | "aws:list-keys"
  | "aws:get-key-rotation-status"
  | "azure:role-assignment-list"
  | "azure:storage-account-list"
  | "azure:network-nsg-list"
  | "azure:keyvault-list"
  | "azure:diagnostic-settings-subscription-list"
  | "gcp:projects-get-iam-policy"
  | "gcp:compute-firewall-rules-list"
  | "gcp:storage-buckets-list"
  | "gcp:sql-instances-list"
  | "prowler:ocsf";

/** One recognised file: its kind, the resource a per-resource command named (bucket, key, trail), its JSON. */
export type Doc = { file: string; kind: DocKind; resource: string | null; data: unknown };

/** How to fix a failed check: the provider CLI command and the console path. */
export type Remediation = { text: string; cli: string; console: string };

export type CheckResult = { resource: string; status: "pass" | "fail"; detail?: string };

export type CheckDefinition = {
  /** Stable: stored with findings, used by the mutelist and alerts. Never renamed. */
  id: string;
  provider: Provider;
  /** The benchmark and control, e.g. "AWS CIS 3.0 1.4". */
  cis: string;
  title: string;
  severity: Severity;
  /** The kinds of file the check reads; with none of them uploaded it is "not checked". */
  needs: readonly DocKind[];
  remediation: Remediation;
  evaluate: (docs: Docs) => CheckResult[];
};

/** The recognised files of one upload, by kind. */
export type Docs = { of: (kind: DocKind) => Doc[]; has: (kind: DocKind) => boolean };

export type FindingStatus = "pass" | "fail" | "muted";

/** One finding as the parser answers it (before the mutelist) and as Prowler's OCSF import brings it. */
export type RawFinding = {
  checkId: string;
  cis: string | null;
  title: string;
  severity: Severity;
  resource: string;
  status: "pass" | "fail";
  source: "rampart" | "prowler";
  detail: string | null;
  remediation: Remediation | null;
};

export type ParseOutcome =
  | {
      ok: true;
      recognised: { file: string; kind: DocKind }[];
      skipped: { file: string; reason: string }[];
      findings: RawFinding[];
      /** Checks of this provider whose input was not uploaded. */
      notChecked: string[];
      /** The account the files name (AWS account id, Azure subscription, GCP project), when they name one. */
      account: string | null;
    }
  | { ok: false; status: 400 | 413; message: string };

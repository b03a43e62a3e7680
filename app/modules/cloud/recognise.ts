/**
 * Recognising a CLI output by its JSON shape, not its file name (issue 35): the top-level keys each AWS CLI
 * response has (AWS CLI reference), the `type` Azure resources carry, the `kind` Google's APIs put on each
 * resource, Prowler's OCSF `class_uid`. The AWS CLI prints an error instead of JSON for a few answers that
 * are findings in themselves (no password policy, no public access block, no default encryption): those
 * error texts are recognised too. A per-resource file (one bucket's encryption) takes its resource from the
 * JSON when the provider puts it there, else from the folder it sits in (`<bucket>/get-bucket-encryption.json`).
 */
import { arr, isObj, obj, objs, str } from "./checks/util";
import type { Doc, DocKind, Provider } from "./types";

export type Recognised = { doc: Doc } | { skipped: string };

const PER_RESOURCE = new Set<DocKind>([
  "aws:get-public-access-block",
  "aws:get-bucket-policy-status",
  "aws:get-bucket-encryption",
  "aws:get-trail-status",
  "aws:get-key-rotation-status",
]);

/** AWS CLI error answers that mean "not configured", as the kind of file they stand for and its data. */
const AWS_ERRORS: Record<string, { kind: DocKind; data: unknown; operation?: RegExp }> = {
  NoSuchEntity: { kind: "aws:get-account-password-policy", data: {}, operation: /PasswordPolicy|Password Policy/i },
  NoSuchPublicAccessBlockConfiguration: { kind: "aws:get-public-access-block", data: {} },
  NoSuchBucketPolicy: { kind: "aws:get-bucket-policy-status", data: { PolicyStatus: { IsPublic: false } } },
  ServerSideEncryptionConfigurationNotFoundError: { kind: "aws:get-bucket-encryption", data: {} },
};

function providerOf(kind: DocKind): Provider | null {
  const p = kind.split(":")[0];
  return p === "aws" || p === "azure" || p === "gcp" ? p : null;
}

function kindOfObject(d: Record<string, unknown>): DocKind | null {
  if (["UserDetailList", "GroupDetailList", "RoleDetailList", "Policies"].some((k) => Array.isArray(d[k])))
    return "aws:get-account-authorization-details";
  if (typeof d.Content === "string" && ("ReportFormat" in d || "GeneratedTime" in d)) return "aws:credential-report";
  if (isObj(d.PasswordPolicy)) return "aws:get-account-password-policy";
  if (isObj(d.SummaryMap)) return "aws:get-account-summary";
  if (Array.isArray(d.Buckets)) return "aws:list-buckets";
  if (isObj(d.PublicAccessBlockConfiguration)) return "aws:get-public-access-block";
  if (isObj(d.PolicyStatus)) return "aws:get-bucket-policy-status";
  if (isObj(d.ServerSideEncryptionConfiguration)) return "aws:get-bucket-encryption";
  if (Array.isArray(d.SecurityGroups)) return "aws:describe-security-groups";
  if (Array.isArray(d.Reservations)) return "aws:describe-instances";
  if (Array.isArray(d.trailList)) return "aws:describe-trails";
  if (typeof d.IsLogging === "boolean") return "aws:get-trail-status";
  if (Array.isArray(d.Keys) && objs(d.Keys).every((k) => "KeyId" in k)) return "aws:list-keys";
  if (typeof d.KeyRotationEnabled === "boolean") return "aws:get-key-rotation-status";
  if (Array.isArray(d.bindings) || (typeof d.etag === "string" && "version" in d && !("kind" in d)))
    return "gcp:projects-get-iam-policy";
  // `az monitor diagnostic-settings subscription list` answers { "value": [...] }, even when empty.
  if (Array.isArray(d.value) && objs(d.value).every((v) => "logs" in v || /diagnosticSettings/i.test(str(v.id))))
    return "azure:diagnostic-settings-subscription-list";
  return null;
}

function kindOfList(items: Record<string, unknown>[]): DocKind | null {
  const first = items[0]!;
  if (typeof first.class_uid === "number" && isObj(first.finding_info)) return "prowler:ocsf";
  const type = str(first.type).toLowerCase();
  if (type === "microsoft.storage/storageaccounts") return "azure:storage-account-list";
  if (type === "microsoft.network/networksecuritygroups") return "azure:network-nsg-list";
  if (type === "microsoft.keyvault/vaults") return "azure:keyvault-list";
  if (type === "microsoft.authorization/roleassignments" || ("roleDefinitionId" in first && "principalId" in first))
    return "azure:role-assignment-list";
  if (/microsoft\.insights\/diagnosticsettings/i.test(str(first.id)) || type.endsWith("/diagnosticsettings"))
    return "azure:diagnostic-settings-subscription-list";
  const kind = str(first.kind);
  if (kind === "compute#firewall") return "gcp:compute-firewall-rules-list";
  if (kind === "sql#instance") return "gcp:sql-instances-list";
  if (kind === "storage#bucket" || str(first.storage_url).startsWith("gs://")) return "gcp:storage-buckets-list";
  return null;
}

/** The folder a file sits in: the resource of a per-resource command. */
function folderOf(file: string): string | null {
  const parts = file.split("/").filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 2]!.slice(0, 255) : null;
}

function resourceOf(kind: DocKind, data: unknown, file: string): string | null {
  if (kind === "aws:get-key-rotation-status") {
    const id = str(obj(data).KeyId).replace(/^arn:aws[a-z-]*:kms:[^:]*:\d+:key\//, "");
    if (id) return id;
  }
  return folderOf(file);
}

const PROVIDER_NAME: Record<Provider, string> = { aws: "AWS", azure: "Azure", gcp: "Google Cloud" };

/** Recognises one file of an upload of `provider`; answers the document or why it was skipped. */
export function recognise(file: string, text: string, provider: Provider): Recognised {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) return { skipped: "The file is empty." };
  let data: unknown;
  let kind: DocKind | null = null;
  try {
    data = JSON.parse(trimmed);
  } catch {
    const m = /An error occurred \(([A-Za-z]+)\) when calling the ([A-Za-z]+) operation/.exec(trimmed.slice(0, 2000));
    if (!m) return { skipped: "Not JSON, and not an AWS CLI error Rampart knows." };
    return fromAwsError(file, m[1]!, m[2]!, provider);
  }
  if (isObj(data) && isObj(data.Error) && typeof data.Error.Code === "string")
    return fromAwsError(file, data.Error.Code, str(data.Error.Message), provider);
  if (isObj(data)) kind = kindOfObject(data);
  else if (Array.isArray(data)) {
    const items = objs(data);
    if (arr(data).length === 0)
      return { skipped: "An empty list: no resources, and nothing to tell which command printed it." };
    if (items.length) kind = kindOfList(items);
  }
  if (!kind) return { skipped: "Not a CLI output Rampart recognises." };
  return accept(file, kind, data, provider);
}

function fromAwsError(file: string, code: string, operation: string, provider: Provider): Recognised {
  const known = AWS_ERRORS[code];
  if (!known || (known.operation && !known.operation.test(operation)))
    return { skipped: `The AWS CLI answered the error ${code.slice(0, 80)}: nothing to check in it.` };
  return accept(file, known.kind, known.data, provider);
}

function accept(file: string, kind: DocKind, data: unknown, provider: Provider): Recognised {
  const p = providerOf(kind);
  if (p && p !== provider)
    return { skipped: `${PROVIDER_NAME[p]} output in a ${PROVIDER_NAME[provider]} upload: upload it as ${p}.` };
  const resource = PER_RESOURCE.has(kind) ? resourceOf(kind, data, file) : null;
  if (PER_RESOURCE.has(kind) && !resource)
    return { skipped: "A per-resource output needs its resource's name: put it in a folder named after it." };
  return { doc: { file, kind, resource, data } };
}

/**
 * Google Cloud checks, after the CIS Google Cloud Platform Foundation Benchmark 3.0.0. Each reads the JSON of
 * the gcloud commands in docs/cloud-security.md (`gcloud storage buckets list --format=json` prints snake_case
 * fields; the JSON API's camelCase is read too).
 */
import type { CheckDefinition, CheckResult, Docs } from "../types";
import { DATABASE_PORTS, obj, objs, rangeCovers, str, strs, WORLD_V4, WORLD_V6, type Json } from "./util";

const RC = (resource: string, fail: boolean, detail?: string): CheckResult => ({
  resource,
  status: fail ? "fail" : "pass",
  detail: fail ? detail : undefined,
});

const policies = (docs: Docs) => docs.of("gcp:projects-get-iam-policy").map((d) => obj(d.data));
const bindings = (docs: Docs) => policies(docs).flatMap((p) => objs(p.bindings));
const firewalls = (docs: Docs) => docs.of("gcp:compute-firewall-rules-list").flatMap((d) => objs(d.data));
const buckets = (docs: Docs) => docs.of("gcp:storage-buckets-list").flatMap((d) => objs(d.data));
const sql = (docs: Docs) => docs.of("gcp:sql-instances-list").flatMap((d) => objs(d.data));

/** Members of bindings matching `role`, as [member, role] pairs. */
function grants(docs: Docs, role: (r: string) => boolean): [string, string][] {
  return bindings(docs).flatMap((b) =>
    role(str(b.role)) ? strs(b.members).map((m): [string, string] => [m, str(b.role)]) : [],
  );
}

/** Every member of the policy, each judged once: `bad` names the roles that fail it. */
function perMember(docs: Docs, kind: (m: string) => boolean, bad: (role: string) => boolean, detail: string) {
  const roles = new Map<string, string[]>();
  for (const b of bindings(docs))
    for (const m of strs(b.members))
      if (kind(m)) roles.set(m, [...(roles.get(m) ?? []), ...(bad(str(b.role)) ? [str(b.role)] : [])]);
  return [...roles].map(([m, r]) => RC(m, r.length > 0, `${detail}: ${r.join(", ")}`));
}

const ADMIN_ROLE = (r: string) => r === "roles/owner" || r === "roles/editor" || /admin$/i.test(r);

function firewallOpen(rule: Json, ports: readonly number[]): number[] {
  if (str(rule.direction || "INGRESS") !== "INGRESS" || rule.disabled === true) return [];
  const sources = strs(rule.sourceRanges);
  if (!sources.includes(WORLD_V4) && !sources.includes(WORLD_V6)) return [];
  const hit = new Set<number>();
  for (const a of objs(rule.allowed)) {
    const proto = str(a.IPProtocol).toLowerCase();
    if (proto !== "tcp" && proto !== "all") continue;
    const ranges = strs(a.ports);
    for (const p of ports)
      if (proto === "all" || ranges.length === 0 || ranges.some((r) => rangeCovers(r, p))) hit.add(p);
  }
  return [...hit];
}

function firewallCheck(ports: readonly number[]) {
  return (docs: Docs) =>
    firewalls(docs).map((f) => {
      const open = firewallOpen(f, ports);
      return RC(str(f.name), open.length > 0, `Open to the internet on ${open.join(", ")}`);
    });
}

const sqlIp = (i: Json) => obj(obj(i.settings).ipConfiguration);

export const GCP_CHECKS: CheckDefinition[] = [
  {
    id: "gcp-iam-corporate-accounts",
    provider: "gcp",
    cis: "GCP CIS 3.0 1.1",
    title: "Only corporate accounts (no personal Gmail accounts) have project roles",
    severity: "medium",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Replace personal accounts with identities of your Cloud Identity or Workspace domain.",
      cli: "gcloud projects remove-iam-policy-binding <project> --member=user:<address> --role=<role>",
      console: "IAM & Admin → IAM → <principal> → Remove access",
    },
    evaluate: (docs) => {
      const members = new Set(bindings(docs).flatMap((b) => strs(b.members).filter((m) => m.startsWith("user:"))));
      return [...members].map((m) => RC(m, /@(gmail|googlemail)\.com$/i.test(m), "A personal Gmail account"));
    },
  },
  {
    id: "gcp-iam-sa-no-admin",
    provider: "gcp",
    cis: "GCP CIS 3.0 1.5",
    title: "Service accounts have no admin, owner or editor roles",
    severity: "high",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Grant the service account the narrow roles its workload needs instead.",
      cli: "gcloud projects remove-iam-policy-binding <project> --member=serviceAccount:<sa> --role=roles/editor",
      console: "IAM & Admin → IAM → <service account> → Edit principal",
    },
    evaluate: (docs) =>
      perMember(
        docs,
        // User-managed service accounts (Google-managed ones are granted roles by Google itself).
        (m) => m.startsWith("serviceAccount:") && m.endsWith(".iam.gserviceaccount.com"),
        ADMIN_ROLE,
        "Admin roles",
      ),
  },
  {
    id: "gcp-iam-users-no-primitive-roles",
    provider: "gcp",
    cis: "GCP CIS 3.0 1.5",
    title: "Users hold no primitive Owner or Editor role on the project",
    severity: "high",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Replace roles/owner and roles/editor with predefined roles scoped to the user's job.",
      cli: "gcloud projects remove-iam-policy-binding <project> --member=user:<address> --role=roles/owner",
      console: "IAM & Admin → IAM → <principal> → Edit principal",
    },
    evaluate: (docs) =>
      perMember(
        docs,
        (m) => m.startsWith("user:"),
        (r) => r === "roles/owner" || r === "roles/editor",
        "Primitive roles",
      ),
  },
  {
    id: "gcp-iam-no-sa-user-at-project",
    provider: "gcp",
    cis: "GCP CIS 3.0 1.6",
    title: "No user has Service Account User or Token Creator at project level",
    severity: "medium",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Grant these roles on the specific service account, not on the project.",
      cli: "gcloud projects remove-iam-policy-binding <project> --member=<member> --role=roles/iam.serviceAccountUser",
      console: "IAM & Admin → IAM → <principal> → Edit principal",
    },
    evaluate: (docs) =>
      perMember(
        docs,
        (m) => m.startsWith("user:") || m.startsWith("group:"),
        (r) => r === "roles/iam.serviceAccountUser" || r === "roles/iam.serviceAccountTokenCreator",
        "Project-level",
      ),
  },
  {
    id: "gcp-iam-sa-separation-of-duties",
    provider: "gcp",
    cis: "GCP CIS 3.0 1.8",
    title: "No one holds both Service Account Admin and Service Account User",
    severity: "medium",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Split the two roles between different people.",
      cli: "gcloud projects remove-iam-policy-binding <project> --member=<member> --role=roles/iam.serviceAccountUser",
      console: "IAM & Admin → IAM → <principal> → Edit principal",
    },
    evaluate: (docs) => {
      const admins = new Set(grants(docs, (r) => r === "roles/iam.serviceAccountAdmin").map(([m]) => m));
      const usersOf = new Set(grants(docs, (r) => r === "roles/iam.serviceAccountUser").map(([m]) => m));
      return [...admins].map((m) => RC(m, usersOf.has(m), "Both Service Account Admin and User"));
    },
  },
  {
    id: "gcp-logging-audit-config",
    provider: "gcp",
    cis: "GCP CIS 3.0 2.1",
    title: "Cloud Audit Logs record data reads and writes for all services",
    severity: "medium",
    needs: ["gcp:projects-get-iam-policy"],
    remediation: {
      text: "Enable Admin Read, Data Read and Data Write audit logs for allServices, without exempted users.",
      cli: "gcloud projects get-iam-policy <project> > policy.yaml  # add auditConfigs for allServices, then: gcloud projects set-iam-policy <project> policy.yaml",
      console: "IAM & Admin → Audit Logs → Default audit config → Admin Read, Data Read, Data Write",
    },
    evaluate: (docs) =>
      policies(docs)
        .slice(0, 1)
        .map((p) => {
          const all = objs(p.auditConfigs).find((c) => str(c.service) === "allServices");
          const logs = objs(all?.auditLogConfigs);
          const types = new Set(logs.map((l) => str(l.logType)));
          const exempt = logs.some((l) => strs(l.exemptedMembers).length > 0);
          const ok = ["ADMIN_READ", "DATA_READ", "DATA_WRITE"].every((t) => types.has(t)) && !exempt;
          return RC("project", !ok, "Data access audit logs are not on for all services");
        }),
  },
  {
    id: "gcp-network-no-default",
    provider: "gcp",
    cis: "GCP CIS 3.0 3.1",
    title: "The default network does not exist in the project",
    severity: "low",
    needs: ["gcp:compute-firewall-rules-list"],
    remediation: {
      text: "Create custom networks and delete the default network with its permissive rules.",
      cli: "gcloud compute networks delete default",
      console: "VPC network → VPC networks → default → Delete VPC network",
    },
    evaluate: (docs) => {
      if (!docs.has("gcp:compute-firewall-rules-list")) return [];
      const onDefault = firewalls(docs).some((f) => /\/networks\/default$/.test(str(f.network)));
      return [RC("project", onDefault, "Firewall rules exist on the default network")];
    },
  },
  {
    id: "gcp-firewall-ssh-internet",
    provider: "gcp",
    cis: "GCP CIS 3.0 3.6",
    title: "No firewall rule allows SSH (22) from the internet",
    severity: "high",
    needs: ["gcp:compute-firewall-rules-list"],
    remediation: {
      text: "Restrict the rule's source ranges, or use IAP TCP forwarding (35.235.240.0/20).",
      cli: "gcloud compute firewall-rules update <rule> --source-ranges=35.235.240.0/20",
      console: "VPC network → Firewall → <rule> → Edit → Source IPv4 ranges",
    },
    evaluate: firewallCheck([22]),
  },
  {
    id: "gcp-firewall-rdp-internet",
    provider: "gcp",
    cis: "GCP CIS 3.0 3.7",
    title: "No firewall rule allows RDP (3389) from the internet",
    severity: "high",
    needs: ["gcp:compute-firewall-rules-list"],
    remediation: {
      text: "Restrict the rule's source ranges, or use IAP TCP forwarding.",
      cli: "gcloud compute firewall-rules update <rule> --source-ranges=35.235.240.0/20",
      console: "VPC network → Firewall → <rule> → Edit → Source IPv4 ranges",
    },
    evaluate: firewallCheck([3389]),
  },
  {
    id: "gcp-firewall-database-internet",
    provider: "gcp",
    cis: "GCP CIS 3.0 3.6",
    title: "No firewall rule exposes database ports to the internet",
    severity: "critical",
    needs: ["gcp:compute-firewall-rules-list"],
    remediation: {
      text: "Allow database ports only from the application's network tags or service accounts.",
      cli: "gcloud compute firewall-rules update <rule> --source-ranges=<private-range>",
      console: "VPC network → Firewall → <rule> → Edit",
    },
    evaluate: firewallCheck(DATABASE_PORTS),
  },
  {
    id: "gcp-storage-public-access-prevention",
    provider: "gcp",
    cis: "GCP CIS 3.0 5.1",
    title: "Cloud Storage buckets enforce public access prevention",
    severity: "high",
    needs: ["gcp:storage-buckets-list"],
    remediation: {
      text: "Enforce public access prevention on the bucket (or the organization policy storage.publicAccessPrevention).",
      cli: "gcloud storage buckets update gs://<bucket> --public-access-prevention",
      console: "Cloud Storage → Buckets → <bucket> → Permissions → Prevent public access",
    },
    evaluate: (docs) =>
      buckets(docs).map((b) => {
        const v = str(b.public_access_prevention) || str(obj(b.iamConfiguration).publicAccessPrevention);
        return RC(str(b.name), v !== "enforced", `Public access prevention: ${v || "unset"}`);
      }),
  },
  {
    id: "gcp-storage-uniform-access",
    provider: "gcp",
    cis: "GCP CIS 3.0 5.2",
    title: "Cloud Storage buckets have uniform bucket-level access",
    severity: "medium",
    needs: ["gcp:storage-buckets-list"],
    remediation: {
      text: "Turn on uniform bucket-level access so that only IAM governs the bucket.",
      cli: "gcloud storage buckets update gs://<bucket> --uniform-bucket-level-access",
      console: "Cloud Storage → Buckets → <bucket> → Permissions → Access control → Switch to uniform",
    },
    evaluate: (docs) =>
      buckets(docs).map((b) => {
        const on =
          b.uniform_bucket_level_access === true ||
          obj(obj(b.iamConfiguration).uniformBucketLevelAccess).enabled === true;
        return RC(str(b.name), !on, "Fine-grained ACLs in use");
      }),
  },
  {
    id: "gcp-sql-require-ssl",
    provider: "gcp",
    cis: "GCP CIS 3.0 6.4",
    title: "Cloud SQL instances require SSL for all incoming connections",
    severity: "medium",
    needs: ["gcp:sql-instances-list"],
    remediation: {
      text: "Allow only encrypted connections.",
      cli: "gcloud sql instances patch <instance> --ssl-mode=ENCRYPTED_ONLY",
      console: "SQL → <instance> → Connections → Security → Allow only SSL connections",
    },
    evaluate: (docs) =>
      sql(docs).map((i) => {
        const ip = sqlIp(i);
        const mode = str(ip.sslMode);
        const ok =
          ip.requireSsl === true || mode === "ENCRYPTED_ONLY" || mode === "TRUSTED_CLIENT_CERTIFICATE_REQUIRED";
        return RC(str(i.name), !ok, "Unencrypted connections allowed");
      }),
  },
  {
    id: "gcp-sql-no-world-authorized-network",
    provider: "gcp",
    cis: "GCP CIS 3.0 6.5",
    title: "Cloud SQL instances do not authorize 0.0.0.0/0",
    severity: "critical",
    needs: ["gcp:sql-instances-list"],
    remediation: {
      text: "Remove 0.0.0.0/0 from the authorized networks; connect through the Cloud SQL Auth Proxy or private IP.",
      cli: "gcloud sql instances patch <instance> --clear-authorized-networks",
      console: "SQL → <instance> → Connections → Networking → Authorized networks",
    },
    evaluate: (docs) =>
      sql(docs).map((i) =>
        RC(
          str(i.name),
          objs(sqlIp(i).authorizedNetworks).some((n) => str(n.value) === WORLD_V4),
          "0.0.0.0/0 is an authorized network",
        ),
      ),
  },
  {
    id: "gcp-sql-no-public-ip",
    provider: "gcp",
    cis: "GCP CIS 3.0 6.6",
    title: "Cloud SQL instances have no public IP address",
    severity: "high",
    needs: ["gcp:sql-instances-list"],
    remediation: {
      text: "Use private IP and turn off the public IPv4 address.",
      cli: "gcloud sql instances patch <instance> --no-assign-ip --network=<vpc>",
      console: "SQL → <instance> → Connections → Networking → Public IP (untick)",
    },
    evaluate: (docs) =>
      sql(docs).map((i) => {
        const pub = sqlIp(i).ipv4Enabled === true || objs(i.ipAddresses).some((a) => str(a.type) === "PRIMARY");
        return RC(str(i.name), pub, "Public IPv4 address assigned");
      }),
  },
  {
    id: "gcp-sql-automated-backups",
    provider: "gcp",
    cis: "GCP CIS 3.0 6.7",
    title: "Cloud SQL instances have automated backups",
    severity: "medium",
    needs: ["gcp:sql-instances-list"],
    remediation: {
      text: "Turn on automated daily backups.",
      cli: "gcloud sql instances patch <instance> --backup-start-time=03:00",
      console: "SQL → <instance> → Backups → Settings → Automated backups",
    },
    evaluate: (docs) =>
      sql(docs).map((i) =>
        RC(str(i.name), obj(obj(i.settings).backupConfiguration).enabled !== true, "Automated backups are off"),
      ),
  },
];

/** The project the files name (firewall rule self links, SQL instances' project). */
export function gcpProject(docs: Docs): string | null {
  for (const f of firewalls(docs)) {
    const m = /\/projects\/([a-z][a-z0-9-]{4,29})\//.exec(str(f.selfLink) || str(f.network));
    if (m) return m[1]!;
  }
  for (const i of sql(docs)) if (str(i.project)) return str(i.project);
  return null;
}

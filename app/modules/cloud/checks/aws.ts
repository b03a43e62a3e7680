/**
 * AWS checks, after the CIS Amazon Web Services Foundations Benchmark 3.0.0 (and Prowler's checks of the same
 * controls). Each reads the JSON of the AWS CLI commands in docs/cloud-security.md; field names are the
 * AWS CLI/API reference's. A check whose files were not uploaded is "not checked" (checks/index.ts).
 */
import type { CheckDefinition, CheckResult, Docs } from "../types";
import {
  allowsFullAdmin,
  DATABASE_PORTS,
  days,
  obj,
  objs,
  parseDate,
  str,
  WORLD_V4,
  WORLD_V6,
  type Json,
} from "./util";

// ---- the credential report ----

export type CredentialRow = Record<string, string>;

/** The credential report's rows (its `Content` is base64 CSV) and when it was generated. */
export function credentialReport(docs: Docs): { rows: CredentialRow[]; generatedAt: number } | null {
  const doc = docs.of("aws:credential-report")[0];
  if (!doc) return null;
  const d = obj(doc.data);
  const csv = Buffer.from(str(d.Content), "base64").toString("utf8");
  const lines = csv.split(/\r?\n/).filter((l) => l.trim());
  const header = (lines[0] ?? "").split(",");
  const rows = lines.slice(1, 50_001).map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
  });
  return { rows, generatedAt: parseDate(d.GeneratedTime) ?? Date.now() };
}

const ROOT = "<root_account>";
const isTrue = (v: string | undefined) => v === "true";
const rowDate = (v: string | undefined) => (v && /^\d{4}-/.test(v) ? parseDate(v) : null);

function summaryMap(docs: Docs): Json | null {
  const doc = docs.of("aws:get-account-summary")[0];
  return doc ? obj(obj(doc.data).SummaryMap) : null;
}

// ---- IAM from get-account-authorization-details ----

const details = (docs: Docs) => docs.of("aws:get-account-authorization-details").map((d) => obj(d.data));
const users = (docs: Docs) => details(docs).flatMap((d) => objs(d.UserDetailList));
const roles = (docs: Docs) => details(docs).flatMap((d) => objs(d.RoleDetailList));
const managedPolicies = (docs: Docs) => details(docs).flatMap((d) => objs(d.Policies));

function defaultVersionDocument(policy: Json): unknown {
  const versions = objs(policy.PolicyVersionList);
  const v = versions.find((x) => x.IsDefaultVersion === true) ?? versions[0];
  return v?.Document;
}

/** Managed policy ARNs whose default version allows "*:*" (AdministratorAccess among them). */
function adminPolicyArns(docs: Docs): Set<string> {
  const out = new Set<string>(["arn:aws:iam::aws:policy/AdministratorAccess"]);
  for (const p of managedPolicies(docs)) if (allowsFullAdmin(defaultVersionDocument(p))) out.add(str(p.Arn));
  return out;
}

// ---- S3 ----

/** Per-bucket files: their resource is the bucket (zip folder). Buckets without a file are not checked. */
function perBucket(docs: Docs, kind: Parameters<Docs["of"]>[0], judge: (data: Json) => CheckResult["status"]) {
  const out: CheckResult[] = [];
  const seen = new Set<string>();
  for (const d of docs.of(kind)) {
    if (!d.resource || seen.has(d.resource)) continue;
    seen.add(d.resource);
    out.push({ resource: d.resource, status: judge(obj(d.data)) });
  }
  return out;
}

// ---- EC2 ----

type Exposure = { v4: boolean; v6: boolean };

function groups(docs: Docs): Json[] {
  return docs.of("aws:describe-security-groups").flatMap((d) => objs(obj(d.data).SecurityGroups));
}

/** Whether a group lets the world reach `port` (TCP, or all protocols). */
function exposure(group: Json, port: number | "all"): Exposure {
  const out = { v4: false, v6: false };
  for (const perm of objs(group.IpPermissions)) {
    const proto = str(perm.IpProtocol);
    const all = proto === "-1";
    if (port === "all" ? !all : !(all || proto === "tcp" || proto === "6")) continue;
    if (port !== "all" && !all) {
      const from = Number(perm.FromPort);
      const to = Number(perm.ToPort);
      if (!(from <= port && port <= to)) continue;
    }
    if (objs(perm.IpRanges).some((r) => str(r.CidrIp) === WORLD_V4)) out.v4 = true;
    if (objs(perm.Ipv6Ranges).some((r) => str(r.CidrIpv6) === WORLD_V6)) out.v6 = true;
  }
  return out;
}

const groupName = (g: Json) => `${str(g.GroupId)} (${str(g.GroupName)})`;

function sgCheck(ports: readonly number[] | "all", family: "v4" | "v6") {
  return (docs: Docs): CheckResult[] =>
    groups(docs).map((g) => {
      const open = (ports === "all" ? ["all" as const] : ports).filter((p) => exposure(g, p)[family]);
      return {
        resource: groupName(g),
        status: open.length ? "fail" : "pass",
        detail: open.length ? `Open to ${family === "v4" ? WORLD_V4 : WORLD_V6} on ${open.join(", ")}` : undefined,
      };
    });
}

// ---- CloudTrail and KMS ----

const trails = (docs: Docs) => docs.of("aws:describe-trails").flatMap((d) => objs(obj(d.data).trailList));

const RC = (resource: string, fail: boolean, detail?: string): CheckResult => ({
  resource,
  status: fail ? "fail" : "pass",
  detail: fail ? detail : undefined,
});

export const AWS_CHECKS: CheckDefinition[] = [
  {
    id: "aws-iam-root-mfa",
    provider: "aws",
    cis: "AWS CIS 3.0 1.4",
    title: "MFA is enabled for the root user",
    severity: "critical",
    needs: ["aws:credential-report", "aws:get-account-summary"],
    remediation: {
      text: "Sign in as the root user and assign an MFA device (a hardware key preferably).",
      cli: "Root MFA cannot be set from the CLI: use the console as the root user.",
      console: "IAM → Security credentials (signed in as root) → Multi-factor authentication (MFA) → Assign MFA device",
    },
    evaluate: (docs) => {
      const report = credentialReport(docs);
      const root = report?.rows.find((r) => r.user === ROOT);
      if (root) return [RC("root account", !isTrue(root.mfa_active), "The root user has no MFA device")];
      const summary = summaryMap(docs);
      if (summary && "AccountMFAEnabled" in summary)
        return [RC("root account", summary.AccountMFAEnabled !== 1, "AccountMFAEnabled is 0")];
      return [];
    },
  },
  {
    id: "aws-iam-root-access-keys",
    provider: "aws",
    cis: "AWS CIS 3.0 1.3",
    title: "The root user has no access keys",
    severity: "critical",
    needs: ["aws:credential-report", "aws:get-account-summary"],
    remediation: {
      text: "Delete the root user's access keys; use IAM roles or users with least privilege instead.",
      cli: "Root access keys cannot be deleted from the CLI: use the console as the root user.",
      console: "IAM → Security credentials (signed in as root) → Access keys → Delete",
    },
    evaluate: (docs) => {
      const root = credentialReport(docs)?.rows.find((r) => r.user === ROOT);
      if (root)
        return [
          RC(
            "root account",
            isTrue(root.access_key_1_active) || isTrue(root.access_key_2_active),
            "The root user has an active access key",
          ),
        ];
      const summary = summaryMap(docs);
      if (summary && "AccountAccessKeysPresent" in summary)
        return [RC("root account", summary.AccountAccessKeysPresent !== 0, "AccountAccessKeysPresent is 1")];
      return [];
    },
  },
  {
    id: "aws-iam-root-recent-use",
    provider: "aws",
    cis: "AWS CIS 3.0 1.7",
    title: "The root user is not used for daily tasks (no sign-in or key use in the last 90 days)",
    severity: "high",
    needs: ["aws:credential-report"],
    remediation: {
      text: "Use IAM Identity Center or IAM users and roles for administration; keep root for the few tasks that need it.",
      cli: "aws iam generate-credential-report && aws iam get-credential-report",
      console: "IAM → Credential report → <root_account> → password_last_used",
    },
    evaluate: (docs) => {
      const report = credentialReport(docs);
      const root = report?.rows.find((r) => r.user === ROOT);
      if (!report || !root) return [];
      const used = [root.password_last_used, root.access_key_1_last_used_date, root.access_key_2_last_used_date]
        .map(rowDate)
        .filter((t): t is number => t !== null);
      const recent = used.some((t) => days(report.generatedAt - t) <= 90);
      return [RC("root account", recent, "The root user was used within the last 90 days")];
    },
  },
  {
    id: "aws-iam-password-min-length",
    provider: "aws",
    cis: "AWS CIS 3.0 1.8",
    title: "The IAM password policy requires at least 14 characters",
    severity: "medium",
    needs: ["aws:get-account-password-policy"],
    remediation: {
      text: "Set an account password policy with a minimum length of 14.",
      cli: "aws iam update-account-password-policy --minimum-password-length 14",
      console: "IAM → Account settings → Password policy → Edit → Enforce minimum password length: 14",
    },
    evaluate: (docs) =>
      docs
        .of("aws:get-account-password-policy")
        .slice(0, 1)
        .map((d) => {
          const policy = obj(d.data).PasswordPolicy;
          if (!policy) return RC("password policy", true, "The account has no password policy");
          return RC("password policy", Number(obj(policy).MinimumPasswordLength) < 14, "Minimum length below 14");
        }),
  },
  {
    id: "aws-iam-password-reuse",
    provider: "aws",
    cis: "AWS CIS 3.0 1.9",
    title: "The IAM password policy prevents reuse of the last 24 passwords",
    severity: "medium",
    needs: ["aws:get-account-password-policy"],
    remediation: {
      text: "Set the password policy to remember 24 passwords.",
      cli: "aws iam update-account-password-policy --password-reuse-prevention 24",
      console: "IAM → Account settings → Password policy → Edit → Prevent password reuse: 24",
    },
    evaluate: (docs) =>
      docs
        .of("aws:get-account-password-policy")
        .slice(0, 1)
        .map((d) => {
          const policy = obj(d.data).PasswordPolicy;
          if (!policy) return RC("password policy", true, "The account has no password policy");
          const n = Number(obj(policy).PasswordReusePrevention ?? 0);
          return RC("password policy", !(n >= 24), "Password reuse prevention below 24");
        }),
  },
  {
    id: "aws-iam-user-console-mfa",
    provider: "aws",
    cis: "AWS CIS 3.0 1.10",
    title: "MFA is enabled for every IAM user with a console password",
    severity: "high",
    needs: ["aws:credential-report"],
    remediation: {
      text: "Assign an MFA device to each console user, or remove the console password of users who do not sign in.",
      cli: "aws iam enable-mfa-device --user-name <user> --serial-number <arn> --authentication-code1 <code> --authentication-code2 <code>",
      console: "IAM → Users → <user> → Security credentials → Multi-factor authentication (MFA) → Assign MFA device",
    },
    evaluate: (docs) =>
      (credentialReport(docs)?.rows ?? [])
        .filter((r) => r.user !== ROOT && isTrue(r.password_enabled))
        .map((r) => RC(r.user!, !isTrue(r.mfa_active), "Console password without MFA")),
  },
  {
    id: "aws-iam-unused-credentials",
    provider: "aws",
    cis: "AWS CIS 3.0 1.12",
    title: "Credentials unused for 90 days or more are disabled",
    severity: "medium",
    needs: ["aws:credential-report"],
    remediation: {
      text: "Remove the console password or deactivate the access keys of users who have not used them in 90 days.",
      cli: "aws iam update-access-key --user-name <user> --access-key-id <key> --status Inactive; aws iam delete-login-profile --user-name <user>",
      console: "IAM → Users → <user> → Security credentials → Access keys → Deactivate / Console sign-in → Disable",
    },
    evaluate: (docs) => {
      const report = credentialReport(docs);
      if (!report) return [];
      const stale = (active: boolean, lastUsed: string | undefined, since: string | undefined) => {
        if (!active) return false;
        const t = rowDate(lastUsed) ?? rowDate(since);
        return t !== null && days(report.generatedAt - t) > 90;
      };
      return report.rows
        .filter((r) => r.user !== ROOT)
        .map((r) => {
          const why = [
            stale(isTrue(r.password_enabled), r.password_last_used, r.user_creation_time) && "console password",
            stale(isTrue(r.access_key_1_active), r.access_key_1_last_used_date, r.access_key_1_last_rotated) &&
              "access key 1",
            stale(isTrue(r.access_key_2_active), r.access_key_2_last_used_date, r.access_key_2_last_rotated) &&
              "access key 2",
          ].filter(Boolean);
          return RC(r.user!, why.length > 0, `Unused for over 90 days: ${why.join(", ")}`);
        });
    },
  },
  {
    id: "aws-iam-single-active-key",
    provider: "aws",
    cis: "AWS CIS 3.0 1.13",
    title: "No IAM user has two active access keys",
    severity: "low",
    needs: ["aws:credential-report"],
    remediation: {
      text: "Keep one active access key per user; deactivate and delete the other.",
      cli: "aws iam update-access-key --user-name <user> --access-key-id <key> --status Inactive",
      console: "IAM → Users → <user> → Security credentials → Access keys",
    },
    evaluate: (docs) =>
      (credentialReport(docs)?.rows ?? [])
        .filter((r) => r.user !== ROOT)
        .map((r) =>
          RC(r.user!, isTrue(r.access_key_1_active) && isTrue(r.access_key_2_active), "Two active access keys"),
        ),
  },
  {
    id: "aws-iam-access-key-rotation",
    provider: "aws",
    cis: "AWS CIS 3.0 1.14",
    title: "Active access keys are rotated every 90 days or less",
    severity: "medium",
    needs: ["aws:credential-report"],
    remediation: {
      text: "Create a new access key, move the workload to it, then deactivate and delete the old one.",
      cli: "aws iam create-access-key --user-name <user>; aws iam update-access-key --user-name <user> --access-key-id <old> --status Inactive",
      console: "IAM → Users → <user> → Security credentials → Access keys → Create access key",
    },
    evaluate: (docs) => {
      const report = credentialReport(docs);
      if (!report) return [];
      const old = (active: string | undefined, rotated: string | undefined) => {
        const t = rowDate(rotated);
        return isTrue(active) && t !== null && days(report.generatedAt - t) > 90;
      };
      return report.rows
        .filter((r) => r.user !== ROOT && (isTrue(r.access_key_1_active) || isTrue(r.access_key_2_active)))
        .map((r) =>
          RC(
            r.user!,
            old(r.access_key_1_active, r.access_key_1_last_rotated) ||
              old(r.access_key_2_active, r.access_key_2_last_rotated),
            "An active access key is older than 90 days",
          ),
        );
    },
  },
  {
    id: "aws-iam-user-policies-via-groups",
    provider: "aws",
    cis: "AWS CIS 3.0 1.15",
    title: "IAM users receive permissions only through groups",
    severity: "low",
    needs: ["aws:get-account-authorization-details"],
    remediation: {
      text: "Move policies attached to users onto groups and add the users to those groups.",
      cli: "aws iam detach-user-policy --user-name <user> --policy-arn <arn>; aws iam delete-user-policy --user-name <user> --policy-name <name>",
      console: "IAM → Users → <user> → Permissions → Remove",
    },
    evaluate: (docs) =>
      users(docs).map((u) =>
        RC(
          str(u.UserName),
          objs(u.AttachedManagedPolicies).length + objs(u.UserPolicyList).length > 0,
          "Policies attached directly to the user",
        ),
      ),
  },
  {
    id: "aws-iam-no-full-admin-policies",
    provider: "aws",
    cis: "AWS CIS 3.0 1.16",
    title: 'No attached customer-managed policy allows "*:*" administrative privileges',
    severity: "high",
    needs: ["aws:get-account-authorization-details"],
    remediation: {
      text: 'Replace the policy\'s Action "*" on Resource "*" with the actions the principals need.',
      cli: "aws iam create-policy-version --policy-arn <arn> --policy-document file://least-privilege.json --set-as-default",
      console: "IAM → Policies → <policy> → Edit",
    },
    evaluate: (docs) =>
      managedPolicies(docs)
        .filter((p) => !str(p.Arn).startsWith("arn:aws:iam::aws:policy/") && Number(p.AttachmentCount ?? 0) > 0)
        .map((p) => RC(str(p.PolicyName), allowsFullAdmin(defaultVersionDocument(p)), 'Allows "*" on "*"')),
  },
  {
    id: "aws-iam-user-admin-access",
    provider: "aws",
    cis: "AWS CIS 3.0 1.16",
    title: 'No IAM user has a full-administrator ("*:*") policy attached',
    severity: "high",
    needs: ["aws:get-account-authorization-details"],
    remediation: {
      text: "Detach AdministratorAccess (or the wildcard policy) from the user; grant administration through a role assumed with MFA.",
      cli: "aws iam detach-user-policy --user-name <user> --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
      console: "IAM → Users → <user> → Permissions → Remove",
    },
    evaluate: (docs) => {
      const admin = adminPolicyArns(docs);
      return users(docs).map((u) => {
        const attached = objs(u.AttachedManagedPolicies).some((p) => admin.has(str(p.PolicyArn)));
        const inline = objs(u.UserPolicyList).some((p) => allowsFullAdmin(p.PolicyDocument));
        return RC(str(u.UserName), attached || inline, 'A policy allowing "*" on "*" is attached');
      });
    },
  },
  {
    id: "aws-iam-support-role",
    provider: "aws",
    cis: "AWS CIS 3.0 1.17",
    title: "A support role exists to manage incidents with AWS Support",
    severity: "low",
    needs: ["aws:get-account-authorization-details"],
    remediation: {
      text: "Create a role with the AWSSupportAccess managed policy for the people who open support cases.",
      cli: "aws iam attach-role-policy --role-name <role> --policy-arn arn:aws:iam::aws:policy/AWSSupportAccess",
      console: "IAM → Roles → Create role → Permissions: AWSSupportAccess",
    },
    evaluate: (docs) => {
      if (!details(docs).length) return [];
      const has = roles(docs).some((r) =>
        objs(r.AttachedManagedPolicies).some((p) => str(p.PolicyArn).endsWith(":policy/AWSSupportAccess")),
      );
      return [RC("account", !has, "No role has AWSSupportAccess")];
    },
  },
  {
    id: "aws-s3-public-access-block",
    provider: "aws",
    cis: "AWS CIS 3.0 2.1.4",
    title: "S3 buckets have all four Block Public Access settings on",
    severity: "high",
    needs: ["aws:get-public-access-block"],
    remediation: {
      text: "Turn on all four Block Public Access settings for the bucket (or the whole account).",
      cli: "aws s3api put-public-access-block --bucket <bucket> --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
      console: "S3 → Buckets → <bucket> → Permissions → Block public access (bucket settings) → Edit",
    },
    evaluate: (docs) =>
      perBucket(docs, "aws:get-public-access-block", (d) => {
        const c = obj(d.PublicAccessBlockConfiguration);
        const all = ["BlockPublicAcls", "IgnorePublicAcls", "BlockPublicPolicy", "RestrictPublicBuckets"];
        return all.every((k) => c[k] === true) ? "pass" : "fail";
      }),
  },
  {
    id: "aws-s3-bucket-not-public",
    provider: "aws",
    cis: "AWS CIS 3.0 2.1.4",
    title: "No S3 bucket policy makes a bucket public",
    severity: "critical",
    needs: ["aws:get-bucket-policy-status"],
    remediation: {
      text: 'Remove the statements granting Principal "*" from the bucket policy, then turn on Block Public Access.',
      cli: "aws s3api delete-bucket-policy --bucket <bucket>",
      console: "S3 → Buckets → <bucket> → Permissions → Bucket policy → Edit",
    },
    evaluate: (docs) =>
      perBucket(docs, "aws:get-bucket-policy-status", (d) => (obj(d.PolicyStatus).IsPublic === true ? "fail" : "pass")),
  },
  {
    id: "aws-s3-default-encryption",
    provider: "aws",
    cis: "AWS CIS 1.5 2.1.1",
    title: "S3 buckets have default server-side encryption configured",
    severity: "medium",
    needs: ["aws:get-bucket-encryption"],
    remediation: {
      text: "Set default encryption (SSE-S3 or SSE-KMS) on the bucket.",
      cli: 'aws s3api put-bucket-encryption --bucket <bucket> --server-side-encryption-configuration \'{"Rules":[{"ApplyServerSideEncryptionByDefault":{"SSEAlgorithm":"aws:kms"}}]}\'',
      console: "S3 → Buckets → <bucket> → Properties → Default encryption → Edit",
    },
    evaluate: (docs) =>
      perBucket(docs, "aws:get-bucket-encryption", (d) => {
        const rules = objs(obj(d.ServerSideEncryptionConfiguration).Rules);
        return rules.some((r) => str(obj(r.ApplyServerSideEncryptionByDefault).SSEAlgorithm)) ? "pass" : "fail";
      }),
  },
  {
    id: "aws-ec2-sg-ssh-world",
    provider: "aws",
    cis: "AWS CIS 3.0 5.2",
    title: "No security group allows SSH (22) from 0.0.0.0/0",
    severity: "high",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Limit the rule's source to your administration network, or use Session Manager instead of SSH.",
      cli: "aws ec2 revoke-security-group-ingress --group-id <sg> --protocol tcp --port 22 --cidr 0.0.0.0/0",
      console: "EC2 → Security Groups → <group> → Inbound rules → Edit inbound rules",
    },
    evaluate: sgCheck([22], "v4"),
  },
  {
    id: "aws-ec2-sg-rdp-world",
    provider: "aws",
    cis: "AWS CIS 3.0 5.2",
    title: "No security group allows RDP (3389) from 0.0.0.0/0",
    severity: "high",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Limit the rule's source to your administration network, or use Fleet Manager / a bastion.",
      cli: "aws ec2 revoke-security-group-ingress --group-id <sg> --protocol tcp --port 3389 --cidr 0.0.0.0/0",
      console: "EC2 → Security Groups → <group> → Inbound rules → Edit inbound rules",
    },
    evaluate: sgCheck([3389], "v4"),
  },
  {
    id: "aws-ec2-sg-admin-ports-ipv6",
    provider: "aws",
    cis: "AWS CIS 3.0 5.3",
    title: "No security group allows SSH or RDP from ::/0",
    severity: "high",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Remove the ::/0 source from rules on ports 22 and 3389.",
      cli: 'aws ec2 revoke-security-group-ingress --group-id <sg> --ip-permissions \'[{"IpProtocol":"tcp","FromPort":22,"ToPort":22,"Ipv6Ranges":[{"CidrIpv6":"::/0"}]}]\'',
      console: "EC2 → Security Groups → <group> → Inbound rules → Edit inbound rules",
    },
    evaluate: sgCheck([22, 3389], "v6"),
  },
  {
    id: "aws-ec2-sg-database-world",
    provider: "aws",
    cis: "AWS CIS 3.0 5.2",
    title: "No security group exposes database ports (1433, 1521, 3306, 5432, 6379, 27017) to 0.0.0.0/0",
    severity: "critical",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Allow database ports only from the application's security group or private subnets.",
      cli: "aws ec2 revoke-security-group-ingress --group-id <sg> --protocol tcp --port <port> --cidr 0.0.0.0/0",
      console: "EC2 → Security Groups → <group> → Inbound rules → Edit inbound rules",
    },
    evaluate: (docs) => {
      const v4 = sgCheck(DATABASE_PORTS, "v4")(docs);
      const v6 = sgCheck(DATABASE_PORTS, "v6")(docs);
      return v4.map((r, i) => (r.status === "pass" && v6[i]?.status === "fail" ? v6[i]! : r));
    },
  },
  {
    id: "aws-ec2-sg-all-traffic-world",
    provider: "aws",
    cis: "AWS CIS 3.0 5.2",
    title: "No security group allows all traffic from the internet",
    severity: "critical",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Replace the all-traffic rule with rules for the ports the service needs.",
      cli: "aws ec2 revoke-security-group-ingress --group-id <sg> --protocol -1 --cidr 0.0.0.0/0",
      console: "EC2 → Security Groups → <group> → Inbound rules → Edit inbound rules",
    },
    evaluate: (docs) =>
      groups(docs).map((g) => {
        const e = exposure(g, "all");
        return RC(groupName(g), e.v4 || e.v6, "All protocols open to the internet");
      }),
  },
  {
    id: "aws-ec2-default-sg-closed",
    provider: "aws",
    cis: "AWS CIS 3.0 5.4",
    title: "The default security group of every VPC restricts all traffic",
    severity: "medium",
    needs: ["aws:describe-security-groups"],
    remediation: {
      text: "Remove every inbound and outbound rule of the default group; use purpose-made groups.",
      cli: "aws ec2 revoke-security-group-ingress --group-id <default-sg> --ip-permissions <rules>",
      console: "VPC → Security groups → default → Inbound rules / Outbound rules → Edit",
    },
    evaluate: (docs) =>
      groups(docs)
        .filter((g) => str(g.GroupName) === "default")
        .map((g) =>
          RC(
            groupName(g),
            objs(g.IpPermissions).length + objs(g.IpPermissionsEgress).length > 0,
            "The default group has rules",
          ),
        ),
  },
  {
    id: "aws-ec2-imdsv2-required",
    provider: "aws",
    cis: "AWS CIS 3.0 5.6",
    title: "EC2 instances require IMDSv2 (HttpTokens required)",
    severity: "medium",
    needs: ["aws:describe-instances"],
    remediation: {
      text: "Require session tokens for the instance metadata service.",
      cli: "aws ec2 modify-instance-metadata-options --instance-id <id> --http-tokens required --http-endpoint enabled",
      console:
        "EC2 → Instances → <instance> → Actions → Instance settings → Modify instance metadata options → IMDSv2: Required",
    },
    evaluate: (docs) =>
      docs
        .of("aws:describe-instances")
        .flatMap((d) => objs(obj(d.data).Reservations).flatMap((r) => objs(r.Instances)))
        .map((i) => {
          const m = obj(i.MetadataOptions);
          const off = str(m.HttpEndpoint) === "disabled";
          return RC(str(i.InstanceId), !off && str(m.HttpTokens) !== "required", "IMDSv1 is allowed");
        }),
  },
  {
    id: "aws-cloudtrail-logging",
    provider: "aws",
    cis: "AWS CIS 3.0 3.1",
    title: "CloudTrail has a trail that is logging",
    severity: "high",
    needs: ["aws:describe-trails"],
    remediation: {
      text: "Create a multi-region trail and start logging.",
      cli: "aws cloudtrail create-trail --name <trail> --s3-bucket-name <bucket> --is-multi-region-trail && aws cloudtrail start-logging --name <trail>",
      console: "CloudTrail → Trails → Create trail",
    },
    evaluate: (docs) => {
      const list = trails(docs);
      if (!docs.has("aws:describe-trails")) return [];
      if (!list.length) return [RC("account", true, "No trail exists")];
      const status = new Map(docs.of("aws:get-trail-status").map((d) => [d.resource, obj(d.data)]));
      return list.map((t) => {
        const s = status.get(str(t.Name)) ?? status.get(str(t.TrailARN));
        // Without the trail's status file, its logging state is unknown: the trail is judged on existence only.
        return RC(str(t.Name), s ? s.IsLogging !== true : false, "The trail is not logging");
      });
    },
  },
  {
    id: "aws-cloudtrail-multi-region",
    provider: "aws",
    cis: "AWS CIS 3.0 3.1",
    title: "CloudTrail is enabled in all regions (a multi-region trail)",
    severity: "high",
    needs: ["aws:describe-trails"],
    remediation: {
      text: "Make a trail multi-region so activity in every region is recorded.",
      cli: "aws cloudtrail update-trail --name <trail> --is-multi-region-trail",
      console: "CloudTrail → Trails → <trail> → General details → Edit → Enable for all regions",
    },
    evaluate: (docs) => {
      if (!docs.has("aws:describe-trails")) return [];
      const status = new Map(docs.of("aws:get-trail-status").map((d) => [d.resource, obj(d.data)]));
      const ok = trails(docs).some((t) => {
        const s = status.get(str(t.Name)) ?? status.get(str(t.TrailARN));
        return t.IsMultiRegionTrail === true && (!s || s.IsLogging === true);
      });
      return [RC("account", !ok, "No logging multi-region trail")];
    },
  },
  {
    id: "aws-cloudtrail-log-validation",
    provider: "aws",
    cis: "AWS CIS 3.0 3.2",
    title: "CloudTrail log file validation is enabled",
    severity: "medium",
    needs: ["aws:describe-trails"],
    remediation: {
      text: "Turn on log file integrity validation for the trail.",
      cli: "aws cloudtrail update-trail --name <trail> --enable-log-file-validation",
      console: "CloudTrail → Trails → <trail> → General details → Edit → Log file validation",
    },
    evaluate: (docs) =>
      trails(docs).map((t) => RC(str(t.Name), t.LogFileValidationEnabled !== true, "Log file validation is off")),
  },
  {
    id: "aws-cloudtrail-kms-encryption",
    provider: "aws",
    cis: "AWS CIS 3.0 3.5",
    title: "CloudTrail logs are encrypted at rest with a KMS key",
    severity: "medium",
    needs: ["aws:describe-trails"],
    remediation: {
      text: "Encrypt the trail's logs with a customer-managed KMS key.",
      cli: "aws cloudtrail update-trail --name <trail> --kms-key-id <key-arn>",
      console: "CloudTrail → Trails → <trail> → General details → Edit → Log file SSE-KMS encryption",
    },
    evaluate: (docs) => trails(docs).map((t) => RC(str(t.Name), !str(t.KmsKeyId), "No KMS key")),
  },
  {
    id: "aws-kms-key-rotation",
    provider: "aws",
    cis: "AWS CIS 3.0 3.6",
    title: "Rotation is enabled for customer-created symmetric KMS keys",
    severity: "medium",
    needs: ["aws:get-key-rotation-status"],
    remediation: {
      text: "Turn on automatic yearly rotation for the key.",
      cli: "aws kms enable-key-rotation --key-id <key-id>",
      console: "KMS → Customer managed keys → <key> → Key rotation → Automatically rotate this KMS key every year",
    },
    evaluate: (docs) => {
      const out: CheckResult[] = [];
      const seen = new Set<string>();
      for (const d of docs.of("aws:get-key-rotation-status")) {
        const data = obj(d.data);
        const key = str(data.KeyId).replace(/^arn:aws:kms:[^:]*:\d+:key\//, "") || d.resource;
        if (!key || seen.has(key)) continue;
        seen.add(key);
        out.push(RC(key, data.KeyRotationEnabled !== true, "Key rotation is off"));
      }
      return out;
    },
  },
];

/** The AWS account id the files name (ARNs in the authorization details or the credential report). */
export function awsAccount(docs: Docs): string | null {
  const arns = [
    ...users(docs).map((u) => str(u.Arn)),
    ...roles(docs).map((r) => str(r.Arn)),
    ...(credentialReport(docs)?.rows.map((r) => r.arn ?? "") ?? []),
    ...trails(docs).map((t) => str(t.TrailARN)),
  ];
  for (const a of arns) {
    const m = /^arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:(\d{12}):/.exec(a);
    if (m) return m[1]!;
  }
  return null;
}

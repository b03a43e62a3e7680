/**
 * Issue 35 through the pinned API: POST /api/cloud/snapshots (multipart) with each provider's fixture zip
 * (tests/fixtures/cloud), every check's pass/fail on known resources, files recognised by shape whatever
 * their names, Prowler's OCSF findings imported, checks without input "not checked", the mutelist silencing
 * alerts until it expires, and the caps answered as { message, code } without stalling the process.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sqlite } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { getAlertByDedupeKey, listAlerts } from "~/modules/alerts";
import { setTenantPlan } from "~/modules/tenants";
import { action as apiAction } from "~/routes/api.cloud.snapshots";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.cloud-security";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { zipFolder } from "../../../tests/fixtures/cloud/build-zips";
import { cloudFacts } from "./index";
import {
  FILE_TOO_LARGE,
  NOT_A_ZIP,
  PARSE_TOO_SLOW,
  TOO_MANY_ENTRIES,
  TOTAL_TOO_LARGE,
  UPLOAD_TOO_LARGE,
} from "./limits";
import { closeCloudPool, setParseDeadlineForTests } from "./pool.server";
import { PROVIDER_REQUIRED } from "./upload.server";

const FIXTURES = path.resolve(__dirname, "../../../tests/fixtures/cloud");
const ctx = { clientIp: "192.0.2.35" };
const API = "/api/cloud/snapshots";

type Answer = {
  id: string;
  provider: string;
  account: string;
  recognised: { file: string; kind: string }[];
  skipped: { file: string; reason: string }[];
  findings: { checkId: string; cis: string; title: string; severity: string; resource: string; status: string }[];
  notChecked: string[];
};

beforeEach(() => resetRateLimits());
afterEach(() => {
  vi.useRealTimers();
  setParseDeadlineForTests(null);
});
afterAll(() => closeCloudPool());

async function business() {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  return owner;
}

function upload(cookie: string, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array | string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("file", new File([file.bytes as BlobPart], file.name));
  return settle(() =>
    apiAction({ request: req(API, { method: "POST", body: form, cookie }), context: ctx, params: {} }),
  );
}

async function uploadOk(cookie: string, provider: string, file: { name: string; bytes: Uint8Array | string }) {
  const res = await upload(cookie, { provider }, file);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Answer;
}

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

/** "checkId resource" → status, for asserting many results at once. */
const statuses = (a: Answer) => Object.fromEntries(a.findings.map((f) => [`${f.checkId} ${f.resource}`, f.status]));

const AWS_EXPECTED: Record<string, "pass" | "fail"> = {
  "aws-iam-root-mfa root account": "fail",
  "aws-iam-root-access-keys root account": "fail",
  "aws-iam-root-recent-use root account": "fail",
  "aws-iam-password-min-length password policy": "fail",
  "aws-iam-password-reuse password policy": "pass",
  "aws-iam-user-console-mfa alice": "pass",
  "aws-iam-user-console-mfa bob": "fail",
  "aws-iam-unused-credentials bob": "fail",
  "aws-iam-unused-credentials ci-deploy": "pass",
  "aws-iam-single-active-key bob": "fail",
  "aws-iam-single-active-key alice": "pass",
  "aws-iam-access-key-rotation bob": "fail",
  "aws-iam-access-key-rotation alice": "pass",
  "aws-iam-user-policies-via-groups alice": "pass",
  "aws-iam-user-policies-via-groups ci-deploy": "fail",
  "aws-iam-no-full-admin-policies FullAdminCustom": "fail",
  "aws-iam-no-full-admin-policies S3ReadOnlyCustom": "pass",
  "aws-iam-user-admin-access bob": "fail",
  "aws-iam-user-admin-access alice": "pass",
  "aws-iam-support-role account": "pass",
  "aws-s3-public-access-block public-assets": "fail",
  "aws-s3-public-access-block private-logs": "pass",
  "aws-s3-bucket-not-public public-assets": "fail",
  "aws-s3-bucket-not-public private-logs": "pass",
  "aws-s3-default-encryption public-assets": "fail",
  "aws-s3-default-encryption private-logs": "pass",
  "aws-ec2-sg-ssh-world sg-0a1b2c3d4e5f60001 (web-admin)": "fail",
  "aws-ec2-sg-ssh-world sg-0a1b2c3d4e5f60003 (internal)": "pass",
  "aws-ec2-sg-rdp-world sg-0a1b2c3d4e5f60001 (web-admin)": "pass",
  "aws-ec2-sg-admin-ports-ipv6 sg-0a1b2c3d4e5f60001 (web-admin)": "fail",
  "aws-ec2-sg-database-world sg-0a1b2c3d4e5f60002 (db)": "fail",
  "aws-ec2-sg-database-world sg-0a1b2c3d4e5f60001 (web-admin)": "pass",
  "aws-ec2-sg-all-traffic-world sg-0a1b2c3d4e5f60004 (default)": "pass",
  "aws-ec2-default-sg-closed sg-0a1b2c3d4e5f60004 (default)": "fail",
  "aws-ec2-imdsv2-required i-0aaa1111bbbb22223": "fail",
  "aws-ec2-imdsv2-required i-0bbb3333cccc44445": "pass",
  "aws-cloudtrail-logging main-trail": "pass",
  "aws-cloudtrail-logging legacy-trail": "fail",
  "aws-cloudtrail-multi-region account": "pass",
  "aws-cloudtrail-log-validation legacy-trail": "fail",
  "aws-cloudtrail-log-validation main-trail": "pass",
  "aws-cloudtrail-kms-encryption legacy-trail": "fail",
  "aws-cloudtrail-kms-encryption main-trail": "pass",
  "aws-kms-key-rotation 1234abcd-12ab-34cd-56ef-1234567890ab": "pass",
  "aws-kms-key-rotation 0987dcba-09fe-87dc-65ba-ab0987654321": "fail",
};

const AZURE_EXPECTED: Record<string, "pass" | "fail"> = {
  "azure-storage-secure-transfer contosopublic": "fail",
  "azure-storage-secure-transfer contosoprivate": "pass",
  "azure-storage-infrastructure-encryption contosopublic": "fail",
  "azure-storage-no-public-blob-access contosopublic": "fail",
  "azure-storage-no-public-blob-access contosoprivate": "pass",
  "azure-storage-default-network-deny contosopublic": "fail",
  "azure-storage-min-tls-12 contosopublic": "fail",
  "azure-storage-min-tls-12 contosoprivate": "pass",
  "azure-nsg-ssh-internet web-nsg": "fail",
  "azure-nsg-ssh-internet app-nsg": "pass",
  "azure-nsg-rdp-internet db-nsg": "pass",
  "azure-nsg-udp-internet web-nsg": "pass",
  "azure-nsg-http-internet web-nsg": "fail",
  "azure-nsg-database-internet db-nsg": "fail",
  "azure-nsg-database-internet web-nsg": "pass",
  "azure-keyvault-recoverable legacy-kv": "fail",
  "azure-keyvault-recoverable contoso-kv": "pass",
  "azure-keyvault-rbac legacy-kv": "fail",
  "azure-keyvault-private legacy-kv": "fail",
  "azure-keyvault-private contoso-kv": "pass",
  "azure-monitor-activity-log-export subscription": "pass",
  "azure-monitor-activity-log-categories activity-to-law": "fail",
  "azure-iam-owner-users alice@contoso.com": "fail",
  "azure-iam-owner-users bob@contoso.com": "pass",
  "azure-iam-owner-count subscription": "pass",
};

const GCP_EXPECTED: Record<string, "pass" | "fail"> = {
  "gcp-iam-corporate-accounts user:someone@gmail.com": "fail",
  "gcp-iam-corporate-accounts user:owner@acme.com": "pass",
  "gcp-iam-sa-no-admin serviceAccount:app@acme-prod-123.iam.gserviceaccount.com": "fail",
  "gcp-iam-users-no-primitive-roles user:owner@acme.com": "fail",
  "gcp-iam-users-no-primitive-roles user:viewer@acme.com": "pass",
  "gcp-iam-no-sa-user-at-project user:dev@acme.com": "fail",
  "gcp-iam-no-sa-user-at-project user:owner@acme.com": "pass",
  "gcp-iam-sa-separation-of-duties user:dev@acme.com": "fail",
  "gcp-logging-audit-config project": "fail",
  "gcp-network-no-default project": "fail",
  "gcp-firewall-ssh-internet default-allow-ssh": "fail",
  "gcp-firewall-ssh-internet allow-rdp-office": "pass",
  "gcp-firewall-rdp-internet allow-rdp-office": "pass",
  "gcp-firewall-database-internet allow-mysql-world": "fail",
  "gcp-storage-public-access-prevention acme-public-site": "fail",
  "gcp-storage-public-access-prevention acme-backups": "pass",
  "gcp-storage-uniform-access acme-public-site": "fail",
  "gcp-storage-uniform-access acme-backups": "pass",
  "gcp-sql-require-ssl prod-db": "fail",
  "gcp-sql-require-ssl private-db": "pass",
  "gcp-sql-no-world-authorized-network prod-db": "fail",
  "gcp-sql-no-world-authorized-network private-db": "pass",
  "gcp-sql-no-public-ip prod-db": "fail",
  "gcp-sql-no-public-ip private-db": "pass",
  "gcp-sql-automated-backups prod-db": "fail",
  "gcp-sql-automated-backups private-db": "pass",
};

describe("POST /api/cloud/snapshots with each provider's fixture zip", () => {
  it("AWS: every check's verdict on the known resources, the account from the ARNs, README.txt skipped", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    expect(a.provider).toBe("aws");
    expect(a.account).toBe("123456789012");
    expect(statuses(a)).toMatchObject(AWS_EXPECTED);
    expect(a.recognised).toHaveLength(19);
    expect(a.recognised).toContainEqual({ file: "iam/credential-report.json", kind: "aws:credential-report" });
    expect(a.skipped).toEqual([{ file: "README.txt", reason: "Not JSON, and not an AWS CLI error Rampart knows." }]);
    expect(a.notChecked).toEqual([]);
    const rootMfa = a.findings.find((f) => f.checkId === "aws-iam-root-mfa")!;
    expect(rootMfa).toMatchObject({ cis: "AWS CIS 3.0 1.4", severity: "critical", status: "fail" });
    // Every AWS check ran on this zip.
    expect(new Set(a.findings.map((f) => f.checkId)).size).toBe(28);
  });

  it("Azure: every check's verdict on the known resources, the subscription from the resource ids", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "azure", { name: "azure.zip", bytes: fixture("azure.zip") });
    expect(a.account).toBe("8f2a1c3e-5b6d-4e7f-9a0b-1c2d3e4f5a6b");
    expect(statuses(a)).toMatchObject(AZURE_EXPECTED);
    expect(a.findings.find((f) => f.checkId === "azure-nsg-ssh-internet")!.cis).toBe("Azure CIS 2.1 6.2");
    expect(a.notChecked).toEqual([]);
  });

  it("GCP: every check's verdict on the known resources, the project from the firewall rules", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "gcp", { name: "gcp.zip", bytes: fixture("gcp.zip") });
    expect(a.account).toBe("acme-prod-123");
    expect(statuses(a)).toMatchObject(GCP_EXPECTED);
    expect(a.findings.find((f) => f.checkId === "gcp-sql-no-public-ip")!.cis).toBe("GCP CIS 3.0 6.6");
    expect(a.notChecked).toEqual([]);
  });
});

describe("recognition by shape", () => {
  it("renamed files give the same findings; per-resource files keep their folder; an unknown JSON is skipped", async () => {
    const { cookie } = await business();
    const src = path.join(FIXTURES, "aws");
    const files: Record<string, Uint8Array> = {};
    let n = 0;
    const walk = (dir: string, rel: string) => {
      for (const name of fs.readdirSync(dir).sort()) {
        const full = path.join(dir, name);
        if (fs.statSync(full).isDirectory()) walk(full, `${rel}${name}/`);
        // Folders named after a resource are kept (they name it); every file name is replaced.
        else
          files[`${/^(iam|s3|ec2|kms|cloudtrail)\/$/.test(rel) ? "" : rel}output-${n++}.txt`] = fs.readFileSync(full);
      }
    };
    walk(src, "");
    files["misc/other.json"] = new TextEncoder().encode(JSON.stringify({ hello: "world" }));
    const renamed = await uploadOk(cookie, "aws", { name: "renamed.zip", bytes: zipSync(files) });
    const original = await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    expect(statuses(renamed)).toEqual(statuses(original));
    expect(renamed.skipped).toContainEqual({ file: "misc/other.json", reason: "Not a CLI output Rampart recognises." });
  });

  it("one JSON file uploads alone; the checks it cannot feed are not checked, never passed", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "aws", {
      name: "whatever.json",
      bytes: fs.readFileSync(path.join(FIXTURES, "aws/ec2/describe-security-groups.json")),
    });
    expect(a.recognised).toEqual([{ file: "whatever.json", kind: "aws:describe-security-groups" }]);
    expect(a.notChecked).toContain("aws-iam-root-mfa");
    expect(a.findings.some((f) => f.checkId === "aws-iam-root-mfa")).toBe(false);
    expect(statuses(a)["aws-ec2-sg-ssh-world sg-0a1b2c3d4e5f60001 (web-admin)"]).toBe("fail");
  });

  it("no password policy (the CLI's NoSuchEntity answer) fails the password checks", async () => {
    const { cookie } = await business();
    const text =
      "\nAn error occurred (NoSuchEntity) when calling the GetAccountPasswordPolicy operation: The Password Policy with domain name 123456789012 cannot be found.\n";
    const a = await uploadOk(cookie, "aws", { name: "pp.json", bytes: text });
    expect(a.recognised).toEqual([{ file: "pp.json", kind: "aws:get-account-password-policy" }]);
    expect(statuses(a)).toMatchObject({
      "aws-iam-password-min-length password policy": "fail",
      "aws-iam-password-reuse password policy": "fail",
    });
  });

  it("output of another provider is skipped with the reason", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "gcp", { name: "azure.zip", bytes: fixture("azure.zip") });
    expect(a.recognised).toEqual([]);
    expect(a.skipped[0]!.reason).toBe("Azure output in a Google Cloud upload: upload it as azure.");
    expect(a.findings).toEqual([]);
  });
});

describe("Prowler OCSF import", () => {
  it("imports PASS and FAIL results as findings beside Rampart's, with their CIS control; MANUAL is not a finding", async () => {
    const { cookie } = await business();
    const a = await uploadOk(cookie, "aws", {
      name: "prowler.ocsf.json",
      bytes: fixture("prowler/prowler-output-123456789012.ocsf.json"),
    });
    expect(a.recognised).toEqual([{ file: "prowler.ocsf.json", kind: "prowler:ocsf" }]);
    expect(a.account).toBe("123456789012");
    expect(a.findings).toHaveLength(3);
    expect(a.findings).toContainEqual(
      expect.objectContaining({
        checkId: "prowler:iam_user_mfa_enabled_console_access",
        cis: "AWS CIS 3.0 1.10",
        severity: "high",
        resource: "arn:aws:iam::123456789012:user/bob",
        status: "fail",
      }),
    );
    expect(a.findings.find((f) => f.checkId === "prowler:iam_no_root_access_key")).toMatchObject({
      severity: "critical",
      status: "fail",
    });
  });
});

describe("the mutelist", () => {
  const SSH_KEY = "cloud:aws:123456789012:aws-ec2-sg-ssh-world:sg-0a1b2c3d4e5f60001 (web-admin)";
  const mute = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      pageAction({
        request: req("/cloud-security", {
          method: "POST",
          cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "mute", ...fields }).toString(),
        }),
        context: ctx,
        params: {},
      }),
    );

  it("a muted failure shows as muted and raises no alert; after the expiry it fails and alerts again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T09:00:00Z"));
    const { cookie, tenantId } = await business();
    const res = await mute(cookie, {
      checkId: "aws-ec2-sg-ssh-world",
      resource: "sg-0a1b2c3d4e5f60001 (web-admin)",
      reason: "Bastion behind port knocking",
      expires: "2026-12-03",
    });
    expect(res.status).toBe(200);

    const first = await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    expect(statuses(first)["aws-ec2-sg-ssh-world sg-0a1b2c3d4e5f60001 (web-admin)"]).toBe("muted");
    expect(getAlertByDedupeKey(tenantId, SSH_KEY)).toBeNull();
    // Unmuted high and critical failures did alert.
    expect(getAlertByDedupeKey(tenantId, "cloud:aws:123456789012:aws-iam-root-mfa:root account")).not.toBeNull();

    // The page shows it muted, with the reason.
    const page = await (
      await settle(() => pageLoader({ request: req("/cloud-security", { cookie }), context: ctx, params: {} }))
    ).json();
    const row = page.accounts[0].findings.find((f: { checkId: string }) => f.checkId === "aws-ec2-sg-ssh-world");
    expect(row).toMatchObject({ status: "muted", mute: { reason: "Bastion behind port knocking" } });

    // Past the expiry day the same resource fails and alerts.
    vi.setSystemTime(new Date("2026-12-04T09:00:00Z"));
    const second = await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    expect(statuses(second)["aws-ec2-sg-ssh-world sg-0a1b2c3d4e5f60001 (web-admin)"]).toBe("fail");
    const alert = getAlertByDedupeKey(tenantId, SSH_KEY);
    expect(alert).toMatchObject({ severity: "high", source: "cloud" });
    // The failures that alerted on the first upload are not new: one alert each, not two.
    const rootMfa = listAlerts(tenantId).filter(
      (a) => a.dedupeKey === "cloud:aws:123456789012:aws-iam-root-mfa:root account",
    );
    expect(rootMfa).toHaveLength(1);
  });

  it("the mute form answers field errors (400) for a missing reason or a past date", async () => {
    const { cookie } = await business();
    const res = await mute(cookie, {
      checkId: "aws-iam-root-mfa",
      resource: "root account",
      reason: "",
      expires: "2020-01-01",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.reason).toBe("Say why this finding is accepted.");
    const past = await mute(cookie, {
      checkId: "aws-iam-root-mfa",
      resource: "root account",
      reason: "ok then",
      expires: "2020-01-01",
    });
    expect(past.status).toBe(400);
    expect((await past.json()).fieldErrors.expires).toBe("The expiry must be a future date.");
  });
});

describe("caps and hostile zips", () => {
  it("answers { message, code } for a missing provider (400), a broken zip (400) and each cap (413)", async () => {
    const { cookie, tenantId } = await business();
    const missing = await upload(cookie, {}, { name: "a.json", bytes: "{}" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: PROVIDER_REQUIRED, code: "VALIDATION_ERROR" });

    const broken = fixture("aws.zip").slice(0, 600);
    const b = await upload(cookie, { provider: "aws" }, { name: "broken.zip", bytes: broken });
    expect(b.status).toBe(400);
    expect(await b.json()).toEqual({ message: NOT_A_ZIP, code: "VALIDATION_ERROR" });

    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 2001; i++) many[`f${i}.json`] = new Uint8Array([123, 125]);
    const m = await upload(cookie, { provider: "aws" }, { name: "many.zip", bytes: zipSync(many) });
    expect(m.status).toBe(413);
    expect(await m.json()).toEqual({ message: TOO_MANY_ENTRIES, code: "PAYLOAD_TOO_LARGE" });

    const total: Record<string, Uint8Array> = {};
    for (let i = 0; i < 6; i++) total[`f${i}.json`] = new Uint8Array(19 * 1024 * 1024);
    const t = await upload(cookie, { provider: "aws" }, { name: "total.zip", bytes: zipSync(total) });
    expect(t.status).toBe(413);
    expect(await t.json()).toEqual({ message: TOTAL_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" });

    const big = await upload(
      cookie,
      { provider: "aws" },
      { name: "big.json", bytes: new Uint8Array(10 * 1024 * 1024 + 1) },
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: UPLOAD_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" });
    // Nothing was stored for any of them.
    expect(cloudFacts(tenantId).snapshots).toBe(0);
  });

  it("a zip bomb whose header understates its size stops at the per-file cap, without stalling the event loop", async () => {
    const { cookie, tenantId } = await business();
    const bomb = Buffer.from(zipSync({ "credential-report.json": new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    // The local header claims 1 KB inflated (offset 22); so does the central directory (offset 24).
    bomb.writeUInt32LE(1024, 22);
    const cen = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(1024, cen + 24);
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const res = await upload(cookie, { provider: "aws" }, { name: "bomb.zip", bytes: new Uint8Array(bomb) });
    const took = performance.now() - started;
    clearInterval(timer);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: FILE_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" });
    // Generous bounds for a busy 2-core machine: the parse ran in a worker thread.
    expect(took).toBeLessThan(10_000);
    expect(maxGap).toBeLessThan(500);
    expect(cloudFacts(tenantId).snapshots).toBe(0);
  });

  it("a parse past its deadline is stopped and answered 413, nothing stored", async () => {
    const { cookie, tenantId } = await business();
    setParseDeadlineForTests(1);
    const files: Record<string, Uint8Array> = {};
    const sg = JSON.stringify({
      SecurityGroups: Array.from({ length: 20_000 }, (_, i) => ({
        GroupId: `sg-${i}`,
        GroupName: `g${i}`,
        IpPermissions: [],
      })),
    });
    for (let i = 0; i < 20; i++) files[`sg-${i}.json`] = new TextEncoder().encode(sg);
    const res = await upload(cookie, { provider: "aws" }, { name: "slow.zip", bytes: zipSync(files) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: PARSE_TOO_SLOW, code: "PAYLOAD_TOO_LARGE" });
    expect(cloudFacts(tenantId).snapshots).toBe(0);
  });

  it("viewers may not upload (403), below Business the plan's 403", async () => {
    const owner = await business();
    const viewer = await signedInUser();
    sqlite()
      .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'viewer')")
      .run(randomUUID(), viewer.user.id, owner.tenantId);
    sqlite()
      .prepare("UPDATE sessions SET selected_tenant_id = ? WHERE user_id = ?")
      .run(owner.tenantId, viewer.user.id);
    const v = await upload(viewer.cookie, { provider: "aws" }, { name: "a.zip", bytes: fixture("aws.zip") });
    expect(v.status).toBe(403);
    expect((await v.json()).code).toBe("FORBIDDEN");
    const free = await signedInUser();
    const f = await upload(free.cookie, { provider: "aws" }, { name: "a.zip", bytes: fixture("aws.zip") });
    expect(f.status).toBe(403);
    // The API's plan answer is a 403 FORBIDDEN (docs/api.md).
    expect((await f.json()).code).toBe("FORBIDDEN");
  });
});

describe("history and cloudFacts", () => {
  it("counts snapshots, the last upload and failing findings by severity of the latest snapshot per account", async () => {
    const { cookie, tenantId } = await business();
    expect(cloudFacts(tenantId)).toMatchObject({ snapshots: 0, lastUploadAt: null });
    await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    const a = await uploadOk(cookie, "gcp", { name: "gcp.zip", bytes: fixture("gcp.zip") });
    const facts = cloudFacts(tenantId);
    expect(facts.snapshots).toBe(2);
    expect(facts.lastUploadAt).toBeTypeOf("number");
    expect(facts.accounts.map((x) => x.account).sort()).toEqual(["123456789012", "acme-prod-123"]);
    const gcpCritical = a.findings.filter((f) => f.status === "fail" && f.severity === "critical").length;
    expect(facts.failing.critical).toBeGreaterThanOrEqual(gcpCritical);
  });

  it("a second upload shows what is new and what is resolved", async () => {
    const { cookie, tenantId } = await business();
    await uploadOk(cookie, "aws", { name: "aws.zip", bytes: fixture("aws.zip") });
    // The same account with the IMDSv1 instance fixed.
    const files: Record<string, Uint8Array> = {};
    const inst = JSON.parse(fs.readFileSync(path.join(FIXTURES, "aws/ec2/describe-instances.json"), "utf8"));
    inst.Reservations[0].Instances[0].MetadataOptions.HttpTokens = "required";
    Object.assign(files, zipFolderFiles());
    files["ec2/describe-instances.json"] = new TextEncoder().encode(JSON.stringify(inst));
    const res = await upload(cookie, { provider: "aws" }, { name: "fixed.zip", bytes: zipSync(files) });
    const body = await res.json();
    expect(body.resolved).toBe(1);
    expect(body.newFailures).toBe(0);
    const page = await (
      await settle(() => pageLoader({ request: req("/cloud-security", { cookie }), context: ctx, params: {} }))
    ).json();
    expect(page.accounts[0].resolved).toEqual([
      expect.objectContaining({ checkId: "aws-ec2-imdsv2-required", resource: "i-0aaa1111bbbb22223" }),
    ]);
    expect(page.history).toHaveLength(2);
    expect(tenantId).toBeTruthy();
  });
});

function zipFolderFiles(): Record<string, Uint8Array> {
  return unzipSync(zipFolder(path.join(FIXTURES, "aws")));
}

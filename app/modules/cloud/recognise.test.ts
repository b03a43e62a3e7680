/** Shape recognition edge cases (issue 35): what the CLIs print when there is nothing, BOMs, SDK-style errors. */
import { describe, expect, it } from "vitest";
import { docsOf, runChecks } from "./checks/index";
import { parseUpload } from "./parse";
import { recognise } from "./recognise";

const enc = (s: string) => new TextEncoder().encode(s);

describe("recognise", () => {
  it("an empty list names no command: skipped with the reason", () => {
    expect(recognise("x.json", "[]", "azure")).toEqual({
      skipped: "An empty list: no resources, and nothing to tell which command printed it.",
    });
  });

  it("Azure's empty diagnostic-settings answer ({ value: [] }) is recognised and fails the export check", () => {
    const r = recognise("d.json", '{"value": []}', "azure");
    expect("doc" in r && r.doc.kind).toBe("azure:diagnostic-settings-subscription-list");
    const { findings } = runChecks("azure", docsOf("doc" in r ? [r.doc] : []));
    expect(findings.find((f) => f.checkId === "azure-monitor-activity-log-export")).toMatchObject({ status: "fail" });
  });

  it("a UTF-8 BOM (Windows PowerShell's Out-File) does not hide the shape", () => {
    const r = recognise("p.json", '\uFEFF{"PasswordPolicy": {"MinimumPasswordLength": 14}}', "aws");
    expect("doc" in r && r.doc.kind).toBe("aws:get-account-password-policy");
  });

  it("an SDK-style error object is read like the CLI's text; unknown errors are skipped with their code", () => {
    const known = recognise(
      "b/enc.json",
      '{"Error": {"Code": "ServerSideEncryptionConfigurationNotFoundError"}}',
      "aws",
    );
    expect("doc" in known && known.doc).toMatchObject({ kind: "aws:get-bucket-encryption", resource: "b" });
    expect(recognise("x.json", '{"Error": {"Code": "AccessDenied", "Message": "no"}}', "aws")).toEqual({
      skipped: "The AWS CLI answered the error AccessDenied: nothing to check in it.",
    });
  });

  it("a per-bucket output outside a folder cannot name its bucket: skipped", () => {
    const out = parseUpload("pab.json", enc('{"PublicAccessBlockConfiguration": {"BlockPublicAcls": true}}'), "aws");
    expect(out.ok && out.skipped[0]!.reason).toBe(
      "A per-resource output needs its resource's name: put it in a folder named after it.",
    );
  });
});

// Issue 26, item 10: deleting an organization, or the account that was its only member, removes its files on disk
// (incident and compliance evidence), checked by listing the stores' directories; another organization's stay.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenants } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { deleteAccount } from "~/modules/accounts";
import { createCase } from "~/modules/incidents/cases.server";
import { storeEvidence } from "~/modules/incidents/evidence.server";
import { addFileEvidence, adoptFramework } from "~/modules/compliance/compliance.server";
import { deleteOrganization, releaseOrganizationsForAccountDeletion } from "./organization.server";

const listing = (store: string) => {
  const dir = path.join(getEnv().dataDir, store);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** An organization (its only member the owner) with an incident evidence file and a compliance evidence file. */
async function organizationWithFiles() {
  const password = `a long passphrase ${randomUUID()}`;
  const { user, tenantId } = await createUser(`files-${randomUUID().slice(0, 8)}@example.com`, password);
  const actor = { userId: user.id };
  const c = createCase(tenantId, { title: "Lost laptop", severity: "high" }, actor);
  await storeEvidence(tenantId, c.id, { name: "photo.jpg", bytes: new TextEncoder().encode("jpeg bytes") }, actor);
  adoptFramework(tenantId, user.id, "hipaa-security", null);
  addFileEvidence(tenantId, user.id, "hipaa-security", "164.312(b)", {
    title: "Audit log policy",
    fileName: "policy.pdf",
    bytes: new TextEncoder().encode("%PDF policy"),
  });
  const name = db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).get()!.name;
  return { userId: user.id, tenantId, password, name };
}

describe("an organization's files on disk", () => {
  it("are removed when the organization is deleted; another organization's stay", async () => {
    const gone = await organizationWithFiles();
    const kept = await organizationWithFiles();
    expect(listing("incident-evidence")).toContain(gone.tenantId);
    expect(listing("evidence")).toContain(gone.tenantId);

    deleteOrganization(gone.tenantId, gone.userId, gone.name);

    expect(listing("incident-evidence")).not.toContain(gone.tenantId);
    expect(listing("evidence")).not.toContain(gone.tenantId);
    expect(listing("incident-evidence")).toContain(kept.tenantId);
    expect(listing("evidence")).toContain(kept.tenantId);
  });

  it("are removed when the account that was its only member is deleted", async () => {
    resetRateLimits();
    const gone = await organizationWithFiles();
    const kept = await organizationWithFiles();

    const r = await deleteAccount(gone.userId, gone.password, releaseOrganizationsForAccountDeletion);
    expect(r).toMatchObject({ deleted: true });

    expect(listing("incident-evidence")).not.toContain(gone.tenantId);
    expect(listing("evidence")).not.toContain(gone.tenantId);
    expect(listing("incident-evidence")).toContain(kept.tenantId);
    expect(listing("evidence")).toContain(kept.tenantId);
  });
});

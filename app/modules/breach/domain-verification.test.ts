// Self-service domain verification against a real DNS server on loopback (issue 32): the TXT record
// `rampart-verification=<token>` verifies the domain, on the Verify button or on the scheduled re-check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackDns } from "../../../tests/support/loopback-dns";
import { resetEnvForTests } from "~/lib/env.server";
import { sqlite } from "~/lib/db.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { checkDomainVerification, listPendingDomains, recheckPendingDomains } from "./domain-verification.server";
import { addWatchedDomain, addWatchedEmail, listWatchedIdentities } from "./watchlist.server";

const zone = new Map<string, string[]>();
let dns: Awaited<ReturnType<typeof startLoopbackDns>>;

beforeAll(async () => {
  dns = await startLoopbackDns({ txt: (name) => zone.get(name) });
  process.env.RAMPART_DNS_SERVERS = dns.server;
  resetEnvForTests();
});
afterAll(async () => {
  await dns.close();
  delete process.env.RAMPART_DNS_SERVERS;
  resetEnvForTests();
});

let n = 0;
async function tenant() {
  const { tenantId } = await createUser(`dv${++n}-${Date.now()}@example.com`, "a long enough passphrase 1");
  return tenantId;
}

describe("domain verification by DNS TXT record", () => {
  it("shows a record to publish, refuses until it is there, verifies once it is", async () => {
    const t = await tenant();
    const { id } = addWatchedDomain(t, "Corp-DV.example.test");
    const [pending] = listPendingDomains(t);
    expect(pending.domain).toBe("corp-dv.example.test");
    expect(pending.record).toMatch(/^rampart-verification=[0-9a-f]{32}$/);

    const missing = await checkDomainVerification(t, id, { userId: null });
    expect(missing).toMatchObject({ status: "not-found" });
    expect(missing.status === "not-found" && missing.reason).toMatch(/has no TXT records yet/);
    expect(listPendingDomains(t)[0].error).toMatch(/has no TXT records yet/);

    // Another organization's token does not verify this one.
    zone.set("corp-dv.example.test", ["v=spf1 -all", "rampart-verification=" + "0".repeat(32)]);
    const wrong = await checkDomainVerification(t, id);
    expect(wrong.status === "not-found" && wrong.reason).toMatch(/2 TXT records, none of them/);

    zone.set("corp-dv.example.test", ["v=spf1 -all", pending.record]);
    expect(await checkDomainVerification(t, id)).toMatchObject({ status: "verified", domain: "corp-dv.example.test" });
    expect(listPendingDomains(t)).toEqual([]);
    // Verified; with no breach data loaded here it reads "not checked", never clean (issue 30).
    expect(listWatchedIdentities(t)[0]).toMatchObject({ verified: true, status: "not-checked" });
    const audit = sqlite()
      .prepare("SELECT action FROM audit_log WHERE tenant_id = ? AND action = 'darkweb.domain_verified'")
      .all(t);
    expect(audit).toHaveLength(1);
  });

  it("never verifies another tenant's row or an e-mail entry", async () => {
    const a = await tenant();
    const b = await tenant();
    const { id } = addWatchedDomain(a, "theirs-dv.example.test");
    zone.set("theirs-dv.example.test", [listPendingDomains(a)[0].record]);
    expect(await checkDomainVerification(b, id)).toEqual({ status: "unknown" });
    const email = addWatchedEmail(a, "someone@theirs-dv.example.test");
    expect(await checkDomainVerification(a, email.id)).toEqual({ status: "unknown" });
  });

  it("the scheduled re-check verifies a domain whose record appeared later", async () => {
    const t = await tenant();
    addWatchedDomain(t, "later-dv.example.test");
    const [pending] = listPendingDomains(t);
    await recheckPendingDomains();
    expect(listPendingDomains(t)).toHaveLength(1);
    zone.set("later-dv.example.test", [pending.record]);
    // Checked a moment ago: the next pass leaves it until half an interval has gone by.
    await recheckPendingDomains(Date.now() + 31 * 60_000);
    expect(listPendingDomains(t)).toEqual([]);
  });
});

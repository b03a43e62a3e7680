/**
 * Scheduled scans (issue 36): only verified targets, a fixed argument set, and a clear refusal otherwise. The
 * server is never made to scan here (this environment allows scanning only loopback, which the import tests do
 * with their own listeners); what is tested is who may be scanned and with what arguments.
 */
import { describe, expect, it } from "vitest";
import { createUser } from "~/modules/accounts/accounts.server";
import { operatorCommands } from "~/modules/operator";
import {
  addNetworkTarget,
  approveNetworkTarget,
  DOMAIN_NOT_VERIFIED,
  listNetworkTargets,
  NMAP_ARGS,
  normalizeTarget,
  scanTarget,
  schedulerStatus,
} from "./scheduler.server";

async function tenant() {
  const { user, tenantId } = await createUser(
    `sched-${Date.now()}-${Math.random()}@example.com`,
    "a long enough passphrase 1",
  );
  return { userId: user.id, tenantId };
}

describe("scan targets", () => {
  it("accepts an address or a narrow range, and refuses anything that could become an option or a shell word", () => {
    expect(normalizeTarget("127.0.0.1")).toEqual({ kind: "ip-range", target: "127.0.0.1/32" });
    expect(normalizeTarget(" 203.0.113.7/28 ")).toEqual({ kind: "ip-range", target: "203.0.113.0/28" });
    expect(normalizeTarget("WWW.Example.com")).toEqual({ kind: "domain-host", target: "www.example.com" });
    for (const bad of ["-oN /tmp/x", "127.0.0.1; rm -rf /", "--script=evil", "10.0.0.0/8", "$(id)", ""])
      expect(() => normalizeTarget(bad), bad).toThrow();
    // The arguments are fixed: the target is the only thing added, last.
    expect(NMAP_ARGS).toContain("-oX");
    expect(NMAP_ARGS.join(" ")).not.toMatch(/-iL|--script-args|-oN|-oG/);
  });

  it("a host must be under a verified domain; a range waits for the operator, and is not scanned meanwhile", async () => {
    const { tenantId, userId } = await tenant();
    expect(() => addNetworkTarget(tenantId, userId, "www.unverified.example")).toThrow(DOMAIN_NOT_VERIFIED);
    expect(addNetworkTarget(tenantId, userId, "127.0.0.1")).toEqual({
      kind: "ip-range",
      target: "127.0.0.1/32",
      awaitingApproval: true,
    });
    const [t] = listNetworkTargets(tenantId);
    const r = await scanTarget(tenantId, t!.id);
    expect(r.status).toBe("refused");
    // Scans are off unless the operator allows them (RAMPART_NETWORK_SCANS=1): that refusal comes first.
    expect(schedulerStatus().enabled).toBe(false);
    expect(r).toMatchObject({ reason: "scheduled scans are off on this server" });
    expect(listNetworkTargets(tenantId)[0]).toMatchObject({ lastError: "scheduled scans are off on this server" });
    // The operator's command approves it (npm run admin -- approve-network-target); an unknown range is refused.
    expect(() => operatorCommands.approveNetworkTarget(tenantId, "192.0.2.0/24")).toThrow(/not attested/);
    expect(operatorCommands.approveNetworkTarget(tenantId, "127.0.0.1/32")).toMatch(/Approved/);
    expect(approveNetworkTarget(tenantId, "127.0.0.1/32")).toBe(true);
    expect(listNetworkTargets(tenantId)[0]!.approvedAt).not.toBeNull();
    // Another organization cannot approve or see it.
    const other = await tenant();
    expect(approveNetworkTarget(other.tenantId, "127.0.0.1/32")).toBe(false);
    expect(listNetworkTargets(other.tenantId)).toEqual([]);
  });
});

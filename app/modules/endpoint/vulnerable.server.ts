/**
 * Vulnerable software on the organization's devices: installed OS packages matched against OSV advisories by the
 * dependency scanner's engine (dpkg ordering for Debian and Ubuntu, release-aware). Each distinct package version
 * is matched once, however many devices have it, off the request's critical path (the engine yields and stops at
 * its deadline). An ecosystem whose advisories are not loaded is "not checked", never clean.
 */
import { eq } from "drizzle-orm";
import { endpointHosts, endpointPackages } from "./schema";
import { db } from "~/lib/db.server";
import { advisoryCountFor, matchPackagesAsync } from "~/modules/vulnerability/index.server";

export type VulnerableSoftware = {
  package: string;
  version: string;
  ecosystem: string;
  id: string;
  aliases: string[];
  summary: string;
  severity: string;
  fixedIn: string | null;
  hosts: string[];
};

export type SoftwareCoverage = {
  /** Ecosystems whose packages were matched, with how many distinct package versions. */
  checked: { ecosystem: string; packages: number }[];
  /** What could not be checked, in a sentence each. */
  notChecked: string[];
};

const SOURCE_LABEL: Record<string, string> = {
  programs: "Windows programs",
  apps: "macOS applications",
  rpm: "RPM packages",
  deb: "Debian-family packages of an unrecognised release",
};

export async function vulnerableSoftware(
  tenantId: string,
  deadlineMs = 5_000,
): Promise<{ findings: VulnerableSoftware[]; coverage: SoftwareCoverage }> {
  const rows = db
    .select({
      name: endpointPackages.name,
      version: endpointPackages.version,
      ecosystem: endpointPackages.ecosystem,
      source: endpointPackages.source,
      hostname: endpointHosts.hostname,
    })
    .from(endpointPackages)
    .innerJoin(endpointHosts, eq(endpointHosts.id, endpointPackages.hostId))
    .where(eq(endpointPackages.tenantId, tenantId))
    .all();
  const notChecked = new Set<string>();
  for (const r of rows) if (!r.ecosystem) notChecked.add(SOURCE_LABEL[r.source] ?? `${r.source} packages`);
  const hostsOf = new Map<string, Set<string>>();
  const bases = new Map<string, number>();
  for (const r of rows) {
    if (!r.ecosystem) continue;
    const k = `${r.ecosystem}\u0000${r.name}\u0000${r.version}`;
    if (!hostsOf.has(k)) {
      hostsOf.set(k, new Set());
      const base = r.ecosystem.split(":")[0];
      bases.set(base, (bases.get(base) ?? 0) + 1);
    }
    hostsOf.get(k)!.add(r.hostname);
  }
  const loaded = new Set([...bases.keys()].filter((b) => advisoryCountFor(b) > 0));
  for (const b of bases.keys())
    if (!loaded.has(b)) notChecked.add(`${b} packages: this installation has no ${b} advisories loaded`);
  const packages = [...hostsOf.keys()]
    .map((k) => k.split("\u0000"))
    .filter(([eco]) => loaded.has(eco.split(":")[0]))
    .map(([ecosystem, name, version]) => ({ ecosystem, name, version, direct: null }));
  const matches = packages.length ? await matchPackagesAsync(packages, Date.now() + deadlineMs) : [];
  return {
    findings: matches.map((m) => ({
      package: m.package,
      version: m.version,
      ecosystem: m.ecosystem,
      id: m.id,
      aliases: m.aliases,
      summary: m.summary,
      severity: m.severity,
      fixedIn: m.fixedIn,
      hosts: [...(hostsOf.get(`${m.ecosystem}\u0000${m.package}\u0000${m.version}`) ?? [])].sort(),
    })),
    coverage: {
      checked: [...bases].filter(([b]) => loaded.has(b)).map(([ecosystem, packages]) => ({ ecosystem, packages })),
      notChecked: [...notChecked],
    },
  };
}

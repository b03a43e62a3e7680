/**
 * Nmap for the Network Security tests (issue 36), found or installed the way the Chromium finder does
 * (scripts/find-browser.ts): Debian's /usr/bin/nmap where present; otherwise, as root with apt-get, Debian's
 * `nmap` package (apt-get update first when the install alone fails); otherwise nothing, and the tests use the
 * committed scans in tests/fixtures/network. Never fails the run: nmap is optional.
 */
import type { BrowserProbes } from "./find-browser";

export const NMAP_CANDIDATES = ["/usr/bin/nmap", "/usr/local/bin/nmap"];

export type NmapProbes = Pick<BrowserProbes, "exists" | "isRoot" | "hasCommand" | "run" | "log">;

/** Answers the nmap path, or null when there is none (after trying to install it where that can work). */
export function ensureNmap(probes: NmapProbes): string | null {
  const found = () => NMAP_CANDIDATES.find((p) => probes.exists(p)) ?? null;
  const present = found();
  if (present) return present;
  if (probes.isRoot() && probes.hasCommand("apt-get")) {
    probes.log("No nmap found: installing Debian's nmap package (apt-get) for the network scan tests");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    const installed =
      probes.run("apt-get", ["install", "-y", "nmap"], env) ||
      (probes.run("apt-get", ["update"], env) && probes.run("apt-get", ["install", "-y", "nmap"], env));
    if (installed && found()) return found();
  }
  probes.log("No nmap: the network scan tests read the committed scans (tests/fixtures/network) instead");
  return null;
}

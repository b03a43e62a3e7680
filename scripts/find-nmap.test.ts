/** The nmap finder of `npm test` (scripts/find-nmap.ts): present, installed with apt-get as root, or absent. */
import { describe, expect, it } from "vitest";
import { ensureNmap, type NmapProbes } from "./find-nmap";

function probes(over: Partial<NmapProbes> & { files?: Set<string> } = {}) {
  const files = over.files ?? new Set<string>();
  const runs: string[] = [];
  const p: NmapProbes = {
    exists: (f) => files.has(f),
    isRoot: () => false,
    hasCommand: () => true,
    run: (cmd, args) => {
      runs.push([cmd, ...args].join(" "));
      return true;
    },
    log: () => {},
    ...over,
  };
  return { p, runs, files };
}

describe("ensureNmap", () => {
  it("uses Debian's nmap when present and installs nothing", () => {
    const { p, runs } = probes({ files: new Set(["/usr/bin/nmap"]) });
    expect(ensureNmap(p)).toBe("/usr/bin/nmap");
    expect(runs).toEqual([]);
  });

  it("as root with apt-get, installs it (updating the lists when the first install fails)", () => {
    const files = new Set<string>();
    let first = true;
    const { p, runs } = probes({
      files,
      isRoot: () => true,
      run: (cmd, args) => {
        runs.push([cmd, ...args].join(" "));
        if (args[0] === "install" && first) return (first = false);
        if (args[0] === "install") files.add("/usr/bin/nmap");
        return true;
      },
    });
    expect(ensureNmap(p)).toBe("/usr/bin/nmap");
    expect(runs).toEqual(["apt-get install -y nmap", "apt-get update", "apt-get install -y nmap"]);
  });

  it("without root, carries on without nmap", () => {
    const { p, runs } = probes();
    expect(ensureNmap(p)).toBeNull();
    expect(runs).toEqual([]);
  });
});

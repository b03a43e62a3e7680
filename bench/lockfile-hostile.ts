// The worst lockfile uploads known (issue 26 §3), shared by the real-server
// test (tests/unit/stall-lockfile.test.ts) and this timing script, which reads
// each one once in-process and prints the time:
//   npx tsx --tsconfig tsconfig.json bench/lockfile-hostile.ts [--only name]
// Before the fix these ran on the event loop (7.7-9.4 s for the deep yarn.lock
// in the review); the figures are in docs/vulnerability-scanning.md.
import { pathToFileURL } from "node:url";

export type HostileLockfile = { filename: string; content: string };

const BERRY_HEAD = "__metadata:\n  version: 8\n  cacheKey: 10c0\n\n";

/** Repeats `unit(i)` until the text reaches `bytes`. */
function fill(head: string, bytes: number, unit: (i: number) => string): string {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    size += u.length;
  }
  return parts.join("");
}

/** Flow collections nested `depth` deep (700: just under the depth at which `yaml` overflows its stack). */
export const nestedFlow = (depth: number, open = "[", close = "]") => open.repeat(depth) + "1" + close.repeat(depth);

export const CASES: Record<string, (bytes?: number) => HostileLockfile> = {
  // Berry yarn.lock (YAML): 400 KB of flow sequences nested 700 deep, the review's "deeply nested yarn.lock".
  "yarn-berry-deep-flow": (bytes = 400_000) => ({
    filename: "yarn.lock",
    content: fill(BERRY_HEAD, bytes, (i) => `"k${i}@npm:1":\n  version: ${nestedFlow(700)}\n`),
  }),
  // The same with flow mappings and with compact block sequences ("- - - - 1").
  "yarn-berry-deep-map": (bytes = 400_000) => ({
    filename: "yarn.lock",
    content: fill(BERRY_HEAD, bytes, (i) => `"k${i}@npm:1":\n  version: ${nestedFlow(600, "{a: ", "}")}\n`),
  }),
  "pnpm-deep-block-seq": (bytes = 400_000) => ({
    filename: "pnpm-lock.yaml",
    content: fill('lockfileVersion: "9.0"\n\n', bytes, (i) => `k${i}:\n  ${"- ".repeat(700)}1\n`),
  }),
  // 400,000 pinned requirements (about 6.7 MB): held /healthz for up to 4 s.
  "requirements-400k-lines": () => ({
    filename: "requirements.txt",
    content: Array.from({ length: 400_000 }, (_, i) => `pkg${i}==1.0.${i % 10}\n`).join(""),
  }),
  // package-lock.json v1 with `dependencies` nested 20,000 deep: the requires walk recursed without a bound.
  "package-lock-deep-json": (bytes = 400_000) => {
    const depth = Math.floor(bytes / 40);
    const open = '{"version":"1.0.0","dependencies":{"a":'.repeat(depth);
    return {
      filename: "package-lock.json",
      content: `{"lockfileVersion":1,"dependencies":{"a":${open}{"version":"1.0.0"}${"}}".repeat(depth)}}}`,
    };
  },
  // Cargo.lock (TOML) with an array nested 100,000 deep.
  "cargo-deep-array": (bytes = 400_000) => {
    const depth = Math.floor(bytes / 2);
    return { filename: "Cargo.lock", content: `version = 3\nx = ${"[".repeat(depth)}${"]".repeat(depth)}\n` };
  },
  // One requirement line of 8 MB.
  "requirements-long-line": (bytes = 8_000_000) => ({
    filename: "requirements.txt",
    content: `a${"a".repeat(bytes)}==1.0\n`,
  }),
  // A large but honest Berry lockfile (about 2 MB, 8,000 packages): must still be read and stored.
  "yarn-berry-large-real": (bytes = 2_000_000) => ({
    filename: "yarn.lock",
    content: fill(
      BERRY_HEAD,
      bytes,
      (i) =>
        `"pkg-${i}@npm:^1.0.0":\n  version: 1.0.${i % 50}\n  resolution: "pkg-${i}@npm:1.0.${i % 50}"\n` +
        `  dependencies:\n    dep-a: "npm:^1.0.0"\n  checksum: 10c0/${"a".repeat(128)}\n  languageName: node\n  linkType: hard\n\n`,
    ),
  }),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : "";
  const { readLockfile } = await import("../app/modules/vulnerability/deps/lockfiles");
  for (const [name, make] of Object.entries(CASES)) {
    if (only && name !== only) continue;
    const { filename, content } = make();
    const t = performance.now();
    let outcome: string;
    try {
      outcome = `${readLockfile(filename, content).packages.length} packages`;
    } catch (error) {
      outcome = `${(error as Error).constructor.name}: ${(error as Error).message.slice(0, 90)}`;
    }
    const ms = Math.round(performance.now() - t);
    console.log(
      `${name.padEnd(26)} ${(content.length / 1e6).toFixed(2).padStart(6)} MB ${String(ms).padStart(7)} ms  ${outcome}`,
    );
  }
}

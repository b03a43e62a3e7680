/**
 * The code of a worker thread, as a file Node can load: the TypeScript source
 * bundled by esbuild (dependencies stay external, resolved from node_modules)
 * into node_modules/.cache/rampart/ on first use, named by a hash of its
 * content. The same file serves vitest, `npm start` and the Playwright server,
 * none of which can load TypeScript in a worker by themselves. When the
 * sources are absent, a prebuilt file in build/ is used. This is how the
 * phishing analyzer's pool finds its worker (app/modules/phishing/pool.server.ts),
 * made reusable for the lockfile scan pool.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

async function bundle(root: string, source: string, name: string): Promise<string> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(root, source)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0]!.contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const dir = path.join(root, "node_modules", ".cache", "rampart");
  const file = path.join(dir, `${name}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Written under a temporary name and renamed: parallel processes never load a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return file;
}

/** Where a worker's code is: `source` bundled, else `build/<name>.mjs`. */
export async function workerFile(source: string, name: string, root = process.cwd()): Promise<string> {
  if (fs.existsSync(path.join(root, source))) return bundle(root, source, name);
  const prebuilt = path.join(root, "build", `${name}.mjs`);
  if (fs.existsSync(prebuilt)) return prebuilt;
  throw new Error(`the ${name} code is missing (${source} or build/${name}.mjs)`);
}

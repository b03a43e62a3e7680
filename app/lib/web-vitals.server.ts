/**
 * The web-vitals library as one same-origin ES module, for the logger every page carries (see
 * app/components/web-vitals-logger.tsx). Served by the route /web-vitals.js rather than bundled into the client
 * build, so pages that ship no hydration scripts (app/lib/hydration.ts) log their vitals too, and pages that do
 * hydrate fetch it only after they have loaded.
 *
 * The URL carries a hash of the file, so browsers may keep it for a year and an upgrade of the library changes it.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const WEB_VITALS_PATH = "/web-vitals.js";

let library: { source: string; version: string } | undefined;

/** The library's ES module build (web-vitals/dist/web-vitals.js), read once. */
export function webVitalsLibrary(): { source: string; version: string } {
  if (!library) {
    // The package's "require" condition points into dist/, beside the ES module build.
    const dist = path.dirname(createRequire(import.meta.url).resolve("web-vitals"));
    const source = fs.readFileSync(path.join(dist, "web-vitals.js"), "utf8");
    library = { source, version: createHash("sha256").update(source).digest("hex").slice(0, 12) };
  }
  return library;
}

/** Where pages load it from: versioned by content. */
export function webVitalsSrc(): string {
  return `${WEB_VITALS_PATH}?v=${webVitalsLibrary().version}`;
}

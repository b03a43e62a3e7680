/**
 * Lets scripts and benchmarks run under tsx import app code that imports a static asset (the Remix build
 * turns `import href from "./x.svg"` into the asset's URL; plain Node refuses the extension). Module
 * indexes re-export components, so a domain import can reach one. The asset becomes its file URL, which
 * nothing outside the browser uses. Loaded with `tsx --import ./scripts/asset-imports.ts`.
 */
import { register } from "node:module";

const hooks = `
const ASSET = /\\.(svg|png|jpe?g|gif|webp|ico|woff2?|css)$/i;
export async function load(url, context, nextLoad) {
  if (ASSET.test(new URL(url).pathname)) {
    return { format: "module", source: "export default " + JSON.stringify(url) + ";", shortCircuit: true };
  }
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

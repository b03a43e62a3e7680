// Import resolver for ESLint's layer rules (eslint-plugin-boundaries): the
// tsconfig path aliases (~/ -> app/, @db/ -> db/), then Node's resolution
// with TypeScript's extensions. CommonJS because eslint-module-utils loads
// resolvers with require().
const path = require("node:path");
const nodeResolver = require("eslint-import-resolver-node");

const ROOT = __dirname;
const ALIASES = [
  ["~/", path.join(ROOT, "app") + "/"],
  ["@db/", path.join(ROOT, "db") + "/"],
];
const EXTENSIONS = [".ts", ".tsx", ".js", ".d.ts", ".json"];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  let target = source;
  for (const [alias, dir] of ALIASES) if (source.startsWith(alias)) target = dir + source.slice(alias.length);
  // `./thing.js` written for a file that is now thing.ts (TypeScript's ESM convention).
  const candidates = [target];
  if (/\.js$/.test(target) && (target.startsWith(".") || path.isAbsolute(target))) candidates.push(target.slice(0, -3));
  for (const candidate of candidates) {
    const r = nodeResolver.resolve(candidate, file, { extensions: EXTENSIONS });
    if (r.found) return r;
  }
  return { found: false };
};

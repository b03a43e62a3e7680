// npm run bench:profile -- /phishing [/settings ...]: where a signed-in page's
// server time goes. Starts the built server under `node --cpu-prof` with the
// same seeded database as `npm run bench`, warms up, then loads each path with
// autocannon (PROFILE_CONNECTIONS, default 20; PROFILE_DURATION s, default 8),
// stops the server so V8 writes the profile, and prints the share of busy time
// by category (rendering, route matching, GC, compression, SQLite...) and the
// top functions by self time. BENCH_ENV passes server environment as in `npm run bench`. Only the steady state is counted: samples before
// the first measured request are dropped. Used for docs/decisions/022.
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { ensureBuild, freshDatabase, seedAccount, seedModuleData, startServer, tempDir } from "./harness";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (paths.length === 0) paths.push("/settings");
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 20);
const DURATION = Number(process.env.PROFILE_DURATION ?? 8);
const TOP = Number(process.env.PROFILE_TOP ?? 25);

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

// First match wins: the categories the decision record reports.
const CATEGORIES: Array<[string, (fn: string, url: string) => boolean]> = [
  ["garbage collection", (fn) => fn === "(garbage collector)"],
  ["idle", (fn) => fn === "(idle)" || fn === "(program)"],
  [
    "route matching",
    (fn, url) =>
      /matchRoutes|flattenRoutes|rankRouteBranches|compilePath|matchRouteBranch|matchPath|computeScore/.test(fn) ||
      /route-matching/.test(url),
  ],
  ["compression", (fn, url) => /zlib|compression/.test(url) || /processChunk|zlib/i.test(fn)],
  ["SQLite and Drizzle", (fn, url) => /better-sqlite3|drizzle-orm/.test(url) || /^(all|get|run|prepare)$/.test(fn)],
  ["turbo-stream (loader data)", (fn, url) => /turbo-stream/.test(url)],
  ["React server rendering", (fn, url) => /react-dom/.test(url)],
  ["Remix and React Router", (fn, url) => /@remix-run|react-router/.test(url)],
  ["Express and HTTP", (fn, url) => /express|node:_http|node:http|node:net|on-finished|finalhandler|send\//.test(url)],
  ["the app", (fn, url) => /\/build\/|\/app\//.test(url)],
  ["node internals", (fn, url) => url.startsWith("node:") || url === ""],
];

function summarise(profile: Profile, fromMs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t / 1000 < fromMs) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const fn = functionName || "(anonymous)";
    const cat = CATEGORIES.find(([, test]) => test(fn, url))?.[0] ?? "other";
    if (cat === "idle") continue;
    busy += us;
    categories.set(cat, (categories.get(cat) ?? 0) + us);
    const key = `${fn} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  console.log(`busy ${(busy / 1e6).toFixed(2)} s of CPU on the main thread`);
  console.table([...categories].sort((a, b) => b[1] - a[1]).map(([category, us]) => ({ category, share: pct(us) })));
  console.table(
    [...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([fn, us]) => ({ function: fn.slice(0, 110), self: pct(us) })),
  );
}

function load(opts: Options): Promise<Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
}

async function main() {
  await ensureBuild();
  const { file } = freshDatabase();
  const { tenantId, cookie } = await seedAccount(file, { plan: "business" });
  seedModuleData(file, tenantId);
  const profDir = tempDir("rampart-prof-");
  const env = Object.fromEntries(
    (process.env.BENCH_ENV ?? "")
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=")),
  );
  const server = await startServer({
    dbFile: file,
    quietLog: true,
    env,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`],
  });
  try {
    for (const p of paths) {
      await load({ url: server.url + p, connections: 10, duration: 2, headers: { cookie } });
    }
    const from = performance.timeOrigin + performance.now();
    for (const p of paths) {
      const r = await load({ url: server.url + p, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
      console.log(
        `${p}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
    await server.stop("SIGINT");
    const [prof] = fs.readdirSync(profDir).filter((f) => f.endsWith(".cpuprofile"));
    const profile = JSON.parse(fs.readFileSync(path.join(profDir, prof), "utf8")) as Profile;
    // The profile's clock is monotonic, not wall-clock: align on its own end.
    const endUs = profile.startTime + profile.timeDeltas.reduce((a, b) => a + b, 0);
    const measuredMs = performance.timeOrigin + performance.now() - from;
    summarise(profile, endUs / 1000 - measuredMs);
    console.log(`profile: ${path.join(profDir, prof)}`);
  } finally {
    await server.stop().catch(() => undefined);
  }
}

await main();

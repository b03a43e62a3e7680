import { freshDatabase, seedAccount, startServer } from "./bench/harness";
import { CASES } from "./bench/headers-hostile";
const db = freshDatabase("zz-");
const { cookie } = await seedAccount(db.file, { plan: "pro" });
const server = await startServer({ dbFile: db.file, nodeArgs: ["--cpu-prof", "--cpu-prof-dir=/tmp/sprof"] });
function postForm(c: { headers: string; html?: string }) {
  const form = new FormData(); form.set("intent", "paste"); form.set("url", "https://example.com/"); form.set("headers", c.headers); form.set("html", c.html ?? "");
  return fetch(`${server.url}/vulnerability`, { method: "POST", headers: { Cookie: cookie }, body: form }).then(async (r) => ({ status: r.status, len: (await r.text()).length }));
}
console.log(await postForm({ headers: "x: y", html: "<p>" }));
const t0 = performance.now();
const all = Promise.all([postForm(CASES["nested-divs"]!(1_900_000)), postForm(CASES["meta-csp"]!(1_900_000))]);
let done = false; all.finally(() => (done = true));
while (!done) { const t = performance.now(); await (await fetch(`${server.url}/healthz`)).text(); console.log(Math.round(t - t0), Math.round(performance.now() - t)); await new Promise((r) => setTimeout(r, 10)); }
console.log(await all);
await server.stop("SIGTERM");

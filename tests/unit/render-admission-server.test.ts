/**
 * Render admission through the real server (server/render-admission.ts), one render at a time
 * (RAMPART_RENDER_CONCURRENCY=1) so that nearly every request waits its turn: two users' pages requested at once
 * each show their own account (a request started by another's end runs in its own request scope, never in the
 * other's), clients that give up while waiting do not hold the queue, and API routes do not wait at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";

let server: RunningServer;
let alice: { cookie: string; email: string };
let bob: { cookie: string; email: string };

beforeAll(async () => {
  await ensureBuild();
  const { file } = freshDatabase("rampart-admission-");
  alice = {
    ...(await seedAccount(file, { plan: "business", email: "alice-admission@example.com" })),
    email: "alice-admission@example.com",
  };
  bob = {
    ...(await seedAccount(file, { plan: "pro", email: "bob-admission@example.com" })),
    email: "bob-admission@example.com",
  };
  server = await startServer({ dbFile: file, env: { RAMPART_RENDER_CONCURRENCY: "1" } });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

const page = (cookie: string, path = "/settings", signal?: AbortSignal) =>
  fetch(server.url + path, { headers: { cookie }, signal });

describe("render admission in the production server", () => {
  it("serves many pages requested at once, each for its own user", async () => {
    const users = Array.from({ length: 40 }, (_, i) => (i % 2 ? alice : bob));
    const bodies = await Promise.all(
      users.map(async (u) => {
        const res = await page(u.cookie);
        return { status: res.status, body: await res.text(), u };
      }),
    );
    for (const { status, body, u } of bodies) {
      expect(status).toBe(200);
      expect(body).toContain(u.email);
      expect(body).not.toContain((u === alice ? bob : alice).email);
    }
  });

  it("drops requests whose clients gave up while waiting, and keeps serving", async () => {
    const gaveUp = Array.from({ length: 20 }, () => new AbortController());
    const abandoned = gaveUp.map((c) => page(alice.cookie, "/phishing", c.signal).catch(() => "aborted"));
    for (const c of gaveUp) c.abort();
    expect(await Promise.all(abandoned)).toEqual(Array(20).fill("aborted"));
    const started = Date.now();
    const res = await page(bob.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(bob.email);
    // Not behind 20 one-second holds.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers API routes without queueing them behind pages", async () => {
    const done: string[] = [];
    const pages = Array.from({ length: 30 }, () =>
      page(alice.cookie)
        .then((r) => r.text())
        .then(() => done.push("page")),
    );
    const api = await fetch(server.url + "/api/dashboard/data", { headers: { cookie: alice.cookie } });
    expect(api.status).toBe(200);
    done.push("api");
    await Promise.all(pages);
    // Thirty pages one at a time take far longer than one API answer that skips the queue.
    expect(done.indexOf("api")).toBeLessThan(done.length - 1);
  });
});

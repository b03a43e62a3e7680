/**
 * The dashboard page cache (page-cache.server.ts): a stored page is served
 * only to the same signed-in state, is rendered afresh after any write to the
 * tenant's data (SQLite triggers), expires, and carries each answer's own
 * CSP nonce. First against the module with this file's real database, then
 * against the built production server with a second process writing.
 */
import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, seedModuleData, startServer } from "../../../bench/harness";
import { createUser } from "~/modules/accounts/accounts.server";
import { addAccountNotice, dismissAccountNotices, markEmailVerified } from "~/modules/accounts";
import { setTenantPlan } from "~/modules/tenants";
import { createSession } from "~/modules/accounts/session.server";
import { sqlite } from "~/lib/db.server";
import {
  clearPageCache,
  lookupPage,
  pageBody,
  pageFrom,
  pageGzip,
  PAGE_TTL_MS,
  type CachedPage,
} from "./page-cache.server";

const html = (nonce: string, marker: string) =>
  `<html><script nonce="${nonce}">x</script><p>${marker}</p><script nonce="${nonce}">y</script></html>`;
const htmlResponse = () =>
  new Response("", {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });

async function signedIn(email = `pc-${randomUUID()}@example.com`) {
  const { user, tenantId } = await createUser(email, "Correct-Horse-Battery-9!");
  const setCookie = await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId });
  return { userId: user.id, tenantId, cookie: setCookie.split(";")[0] };
}

const get = (cookie: string, path = "/dashboard", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie, ...headers } });

/** Renders (stores) the page for `request` if it is a miss; answers the slot kind seen first. */
async function visit(request: Request, marker = "page"): Promise<{ kind: string; page: CachedPage | null }> {
  const slot = await lookupPage(request);
  if (!slot) return { kind: "uncacheable", page: null };
  if (slot.kind === "hit") return { kind: "hit", page: slot.page };
  if (slot.kind === "wait") return { kind: "wait", page: await slot.page };
  const page = pageFrom(htmlResponse(), html("N0nceN0nceN0nce0==", marker), "N0nceN0nceN0nce0==");
  slot.finish(page);
  return { kind: "miss", page };
}

describe("page cache (module)", () => {
  beforeEach(() => clearPageCache());

  it("serves the second visit from the cache and re-renders after a write to each table the dashboard reads", async () => {
    const a = await signedIn();
    const db = sqlite();
    const now = Date.now();
    const writes: [string, () => void][] = [
      [
        "alerts insert",
        () =>
          db
            .prepare(
              "INSERT INTO alerts (id, tenant_id, source, severity, title, detail, status, created_at) VALUES (?, ?, 'phishing', 'high', 'New alert', 'd', 'active', ?)",
            )
            .run("al-" + a.tenantId, a.tenantId, now),
      ],
      ["alerts update", () => db.prepare("UPDATE alerts SET status = 'resolved' WHERE tenant_id = ?").run(a.tenantId)],
      [
        "phishing_items insert",
        () =>
          db
            .prepare(
              "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, 's', 'x@example.net', 'high', 90, 'detected', '[]', '{}', 10, ?)",
            )
            .run(randomUUID(), a.tenantId, now),
      ],
      [
        "phishing_items update",
        () => db.prepare("UPDATE phishing_items SET status = 'quarantined' WHERE tenant_id = ?").run(a.tenantId),
      ],
      [
        "watched_identities insert",
        () =>
          db
            .prepare(
              "INSERT INTO watched_identities (id, tenant_id, type, value, domain) VALUES (?, ?, 'email', ?, 'example.com')",
            )
            .run("wi-" + a.tenantId, a.tenantId, `w-${randomUUID()}@example.com`),
      ],
      [
        "breaches + exposures insert",
        () => {
          const breachId = randomUUID();
          db.prepare(
            "INSERT INTO breaches (id, name, title, domain, breach_date, added_date, pwn_count, data_classes, description) VALUES (?, ?, 'T', 'example.org', '2020-01-01', '2020-02-01', 1, '[]', 'd')",
          ).run(breachId, `B${breachId}`);
          db.prepare("INSERT INTO exposures (id, tenant_id, identity_id, breach_id) VALUES (?, ?, ?, ?)").run(
            randomUUID(),
            a.tenantId,
            "wi-" + a.tenantId,
            breachId,
          );
        },
      ],
      [
        "exposures update",
        () => db.prepare("UPDATE exposures SET status = 'resolved' WHERE tenant_id = ?").run(a.tenantId),
      ],
      ["exposures delete", () => db.prepare("DELETE FROM exposures WHERE tenant_id = ?").run(a.tenantId)],
      [
        "watched_identities delete",
        () => db.prepare("DELETE FROM watched_identities WHERE tenant_id = ?").run(a.tenantId),
      ],
      ["alerts delete", () => db.prepare("DELETE FROM alerts WHERE tenant_id = ?").run(a.tenantId)],
      [
        "trials insert",
        () =>
          db
            .prepare("INSERT INTO trials (id, tenant_id, status, started_at, ends_at) VALUES (?, ?, 'ended', ?, ?)")
            .run(randomUUID(), a.tenantId, now - 10, now - 5),
      ],
      ["tenant rename", () => db.prepare("UPDATE tenants SET name = 'Renamed' WHERE id = ?").run(a.tenantId)],
      [
        "invitations insert",
        () =>
          db
            .prepare(
              "INSERT INTO invitations (id, tenant_id, role, token_hash, created_by, expires_at) VALUES (?, ?, 'member', ?, ?, ?)",
            )
            .run(randomUUID(), a.tenantId, randomUUID(), a.userId, now + 1e6),
      ],
    ];
    expect((await visit(get(a.cookie))).kind).toBe("miss");
    expect((await visit(get(a.cookie))).kind).toBe("hit");
    for (const [name, write] of writes) {
      write();
      expect((await visit(get(a.cookie))).kind, `after ${name}`).toBe("miss");
      expect((await visit(get(a.cookie))).kind, `second visit after ${name}`).toBe("hit");
    }
  });

  it("every table with a tenant_id column, and tenants, has insert, update and delete triggers", () => {
    const db = sqlite();
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const scoped = tables.filter(
      (t) =>
        (db.prepare(`PRAGMA table_info(${JSON.stringify(t)})`).all() as { name: string }[]).some(
          (c) => c.name === "tenant_id",
        ) && t !== "tenant_data_versions",
    );
    expect(scoped).toEqual(
      expect.arrayContaining(["alerts", "phishing_items", "exposures", "watched_identities", "trials", "memberships"]),
    );
    const triggers = (
      db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'").all() as {
        name: string;
        tbl_name: string;
      }[]
    ).map((t) => `${t.tbl_name}:${t.name}`);
    // Event inserts raise the version once per batch in the store (app/modules/events/store.server.ts).
    const bumpedByCode = new Set(["events:ai"]);
    for (const t of [...scoped, "tenants"]) {
      for (const kind of ["ai", "au", "ad"]) {
        if (bumpedByCode.has(`${t}:${kind}`)) continue;
        expect(triggers, `${t} needs its ${kind} trigger`).toContain(`${t}:${t}_version_${kind}`);
      }
    }
  });

  it("the shell's account banner is in the key: verifying the address or a new account notice renders afresh", async () => {
    const a = await signedIn();
    expect((await visit(get(a.cookie))).kind).toBe("miss");
    expect((await visit(get(a.cookie))).kind).toBe("hit");
    markEmailVerified(a.userId);
    expect((await visit(get(a.cookie))).kind).toBe("miss");
    expect((await visit(get(a.cookie))).kind).toBe("hit");
    addAccountNotice(a.userId, "An organization you were in was deleted.");
    expect((await visit(get(a.cookie))).kind).toBe("miss");
    dismissAccountNotices(a.userId);
    // Back to the state of the page stored before the notice (no banner): that copy is right again.
    expect((await visit(get(a.cookie))).kind).toBe("hit");
  });

  it("a different user, organization, plan, role or sidebar cookie never gets another's page", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect((await visit(get(a.cookie), "A")).kind).toBe("miss");
    // Another user.
    const other = await visit(get(b.cookie), "B");
    expect(other.kind).toBe("miss");
    expect(pageBody(other.page!, "n").toString()).toContain("B");
    // The same user's sidebar collapsed: another rendering.
    expect((await visit(get(`${a.cookie}; rampart_sidebar=collapsed`))).kind).toBe("miss");
    expect((await visit(get(`${a.cookie}; rampart_sidebar=collapsed`))).kind).toBe("hit");
    // A plan change (the tenant row changes).
    setTenantPlan(a.tenantId, "enterprise");
    expect((await visit(get(a.cookie))).kind).toBe("miss");
    // A second session of the same user is keyed apart.
    const second = await createSession(new Request("http://localhost/login"), a.userId, {
      selectedTenantId: a.tenantId,
    });
    expect((await visit(get(second.split(";")[0]))).kind).toBe("miss");
    // Switching organization: b's tenant with a's session, as a member, is another key.
    sqlite()
      .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'viewer')")
      .run(randomUUID(), a.userId, b.tenantId);
    const asMember = await visit(get(a.cookie, "/dashboard", { "X-Tenant-Id": b.tenantId }), "A-in-B");
    expect(asMember.kind).toBe("miss");
    // b's own page (cached above as "B") is not what a gets in b's organization.
    expect(pageBody(asMember.page!, "n").toString()).toContain("A-in-B");
  });

  it("signed out, a query string, another path or a POST are never looked up; 200 HTML without cookies only is stored", async () => {
    const a = await signedIn();
    expect(await lookupPage(get(a.cookie, "/dashboard?x=1"))).toBeNull();
    expect(await lookupPage(get(a.cookie, "/dashboard.data"))).toBeNull();
    expect(await lookupPage(get(a.cookie, "/alerts"))).toBeNull();
    expect(
      await lookupPage(new Request("http://localhost/dashboard", { method: "POST", headers: { Cookie: a.cookie } })),
    ).toBeNull();
    const { storable } = await import("./page-cache.server");
    expect(storable(htmlResponse())).toBe(true);
    expect(
      storable(new Response("", { status: 200, headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } })),
    ).toBe(false);
    expect(storable(new Response("", { status: 302, headers: { Location: "/login" } }))).toBe(false);
    expect(storable(new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } }))).toBe(false);
    // Signed out, / is the landing page: a public page (lookupPublicPage), never in the dashboard's cache.
    expect(await lookupPage(new Request("http://localhost/"))).toBeNull();
    expect(await lookupPage(new Request("http://evil.example/"))).toBeNull();
  });

  it("expires after PAGE_TTL_MS; concurrent misses wait for one render", async () => {
    const a = await signedIn();
    const first = await lookupPage(get(a.cookie));
    expect(first?.kind).toBe("miss");
    const second = await lookupPage(get(a.cookie));
    expect(second?.kind).toBe("wait");
    const page = pageFrom(htmlResponse(), html("N0nceN0nceN0nce0==", "one"), "N0nceN0nceN0nce0==");
    if (first?.kind === "miss") first.finish(page);
    if (second?.kind === "wait") expect(await second.page).toBe(page);
    expect((await lookupPage(get(a.cookie)))?.kind).toBe("hit");
    expect((await lookupPage(get(a.cookie), Date.now() + PAGE_TTL_MS + 1))?.kind).toBe("miss");
  });

  it("answers with the new nonce in every place the old one was", () => {
    const old = "T1dETk9OQ0VPTERO0TkNF==";
    const page = pageFrom(htmlResponse(), html(old, "x"), old)!;
    const body = pageBody(page, "TkVXTk9OQ0VORVdOT05DRQ==").toString();
    expect(body).not.toContain(old);
    expect(body.match(/nonce="TkVXTk9OQ0VORVdOT05DRQ=="/g)).toHaveLength(2);
    expect(page.headers.find(([k]) => k === "cache-control")?.[1]).toBe("private, no-store");
    // The precompressed gzip answer decodes to exactly the same page.
    expect(zlib.gunzipSync(pageGzip(page, "TkVXTk9OQ0VORVdOT05DRQ==")).toString()).toBe(body);
    const big = `<!DOCTYPE html>${'<div class="card">Résumé ∞ — '.repeat(4000)}<script nonce="${old}">1</script>${"x".repeat(70_000)}<script nonce="${old}">2</script>`;
    const bigPage = pageFrom(htmlResponse(), big, old)!;
    const fresh = "bm9uY2Vfb2ZfYW5vdGhlcl9sZW5ndGg=";
    expect(zlib.gunzipSync(pageGzip(bigPage, fresh)).toString()).toBe(big.replaceAll(old, fresh));
    expect(pageGzip(bigPage, fresh).length).toBeLessThan(big.length / 5);
  });
});

describe("page cache (production server)", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dbFile: string;
  let a: { tenantId: string; cookie: string };
  let b: { tenantId: string; cookie: string };

  beforeAll(async () => {
    await ensureBuild();
    const { file } = freshDatabase("rampart-pagecache-");
    dbFile = file;
    a = await seedAccount(file, { plan: "business", email: "alice-pc@example.com" });
    b = await seedAccount(file, { plan: "free", email: "bob-pc@example.com" });
    seedModuleData(file, a.tenantId, { alerts: 3, phishing: 0 });
    server = await startServer({ dbFile: file, quietLog: true });
  }, 300_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  const page = async (cookie: string) => {
    const r = await fetch(`${server.url}/dashboard`, { headers: { cookie } });
    const nonce = /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    return { r, text: await r.text(), nonce };
  };

  it("each answer carries its own nonce, the user's own page, and a write from another process shows at once", async () => {
    const one = await page(a.cookie);
    const two = await page(a.cookie);
    expect(one.r.status).toBe(200);
    expect(two.r.headers.get("content-encoding")).toBe("gzip");
    expect(two.r.headers.get("cache-control")).toBe("private, no-store");
    expect(one.nonce && two.nonce && one.nonce !== two.nonce).toBe(true);
    expect(two.text).toContain(`nonce="${two.nonce}"`);
    expect(two.text).not.toContain(one.nonce!);
    expect(two.text.replaceAll(two.nonce!, "N")).toBe(one.text.replaceAll(one.nonce!, "N"));
    expect(two.text).toContain("alice-pc@example.com");

    const bob = await page(b.cookie);
    expect(bob.text).toContain("bob-pc@example.com");
    expect(bob.text).not.toContain("alice-pc@example.com");

    // Another connection (as an import script or a second process would) raises an alert.
    const other = new Database(dbFile);
    try {
      other.pragma("busy_timeout = 5000");
      other
        .prepare(
          "INSERT INTO alerts (id, tenant_id, source, severity, title, detail, status, created_at) VALUES (?, ?, 'phishing', 'critical', 'Freshly raised alert', 'd', 'active', ?)",
        )
        .run(randomUUID(), a.tenantId, Date.now());
    } finally {
      other.close();
    }
    const three = await page(a.cookie);
    expect(three.text).toContain("Freshly raised alert");
  });
});

/**
 * The module registry (issue 27, item 2): every route file belongs to one module, the permission vocabulary is
 * exactly what the modules declare, the route map's "in development" flags match the registry's, the lists
 * that were hand-maintained before are covered by what the registry derives, reactions are wired by the
 * registry and not by importing a module, and no globalThis registration guard is left.
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "@db/schema";
import { APP_ROUTES } from "~/lib/app-routes";
import { ROLES } from "~/lib/permissions";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { PERMISSION_MATRIX, permissionRows } from "~/modules/permissions";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { listDetections } from "~/modules/detection/detect.server";
import { createRule, loadSigmaForTenant } from "~/modules/detection/rules.server";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { listAnomalies } from "~/modules/events/anomalies.server";
// The matrix is shown in the members section of the settings (/settings/members).
import { loader as settingsLoader } from "~/routes/_app.settings.members";
import { req, settle, signedInUser } from "../../tests/unit/helpers";
import { sysmonProcess } from "./detection/sigma/fixtures/windows-events";
import { MODULES, registryPermissions, SHELL_ROUTES, subscribeReactions } from "./registry.server";
import { MODULES_IN_DEVELOPMENT } from "~/lib/modules-in-development";

const ROOT = path.resolve(__dirname, "../..");
const ROUTES_DIR = path.join(ROOT, "app/routes");

/** Route files on disk, as the registry names them (no extension, tests excluded). */
function routeFilesOnDisk(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => f.replace(/\.tsx?$/, ""))
    .sort();
}

describe("what each module owns", () => {
  it("every route file belongs to exactly one module (or the app shell), and every listed file exists", () => {
    const claimed = [...MODULES.flatMap((m) => m.routes), ...SHELL_ROUTES];
    const twice = claimed.filter((r, i) => claimed.indexOf(r) !== i);
    expect(twice).toEqual([]);
    expect([...claimed].sort()).toEqual(routeFilesOnDisk());
  });

  it("module names are unique and every module folder is in the registry", () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const folders = fs
      .readdirSync(path.join(ROOT, "app/modules"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !names.includes(f))).toEqual([]);
  });

  it("the permission matrix is exactly what the registry's modules declare, each entity declared once", () => {
    const entities = MODULES.flatMap((m) => Object.keys(m.permissions));
    expect(entities.filter((e, i) => entities.indexOf(e) !== i)).toEqual([]);
    expect(Object.keys(registryPermissions()).sort()).toEqual(Object.keys(PERMISSION_MATRIX).sort());
    for (const [entity, rule] of Object.entries(registryPermissions()))
      expect(rule).toBe(PERMISSION_MATRIX[entity as keyof typeof PERMISSION_MATRIX]);
  });

  it("the route map's in-development flags are the registry's", () => {
    const inDevelopmentFiles = new Set(MODULES.filter((m) => m.inDevelopment).flatMap((m) => m.routes));
    const fileOf = (urlPath: string) =>
      routeFilesOnDisk().find((f) => f === `_app.${urlPath.slice(1)}` || f === urlPath.slice(1));
    for (const route of APP_ROUTES) {
      const file = fileOf(route.path);
      expect(file, route.path).toBeDefined();
      expect(route.inDevelopment, route.path).toBe(inDevelopmentFiles.has(file!));
    }
    // One list says which modules are in development (app/lib/modules-in-development.ts): each line names a
    // registry module and a page that module serves.
    for (const [name, path] of Object.entries(MODULES_IN_DEVELOPMENT as Record<string, string>)) {
      const owner = MODULES.find((m) => m.name === name);
      expect(owner, name).toBeDefined();
      expect(owner!.routes, name).toContain(fileOf(path));
    }
    // The six pages that were flagged by hand before the registry have all landed.
    expect(APP_ROUTES.filter((r) => r.inDevelopment).map((r) => r.path)).toEqual([]);
  });
});

describe("one Role type", () => {
  it("the memberships column stores exactly the roles of app/lib/permissions.ts", () => {
    expect([...memberships.role.enumValues]).toEqual([...ROLES]);
    const schemaSource = fs.readFileSync(path.join(ROOT, "db/schema.ts"), "utf8");
    expect(schemaSource).not.toMatch(/export type Role\b/);
  });
});

describe("the settings page shows the matrix", () => {
  beforeAll(() => resetRateLimits());

  it("its rows are the registry's entity × action matrix, role by role, in plain words", async () => {
    const { cookie } = await signedInUser();
    const res = await settle(() =>
      settingsLoader({ request: req("/settings/members", { cookie }), params: {}, context: {} }),
    );
    expect(res.status).toBe(200);
    const data = (await res.json()) as { permissionRows: ReturnType<typeof permissionRows> };
    const expected = Object.entries(registryPermissions()).flatMap(([entity, e]) =>
      Object.entries(e.actions).map(([action, a]) => ({
        entity,
        action,
        entityLabel: e.label,
        label: a.label,
        allowed: Object.fromEntries(ROLES.map((r) => [r, a.roles.includes(r)])),
      })),
    );
    const key = (r: { entity: string; action: string }) => `${r.entity}.${r.action}`;
    const byKey = (a: { entity: string; action: string }, b: { entity: string; action: string }) =>
      key(a).localeCompare(key(b));
    expect([...data.permissionRows].sort(byKey)).toEqual(expected.sort(byKey));
    // Plain words: no row shows an identifier in place of a sentence.
    for (const row of data.permissionRows) expect(row.label).toMatch(/^[A-Z][a-z]+[ ,].+/);
  });
});

function event(commandLine: string) {
  const raw = sysmonProcess("C:\\Windows\\System32\\whoami.exe", commandLine);
  const e = fromJsonValue(raw, JSON.stringify(raw), Date.now());
  if (typeof e === "string") throw new Error(e);
  return e;
}

const WHOAMI = `title: Registry whoami
logsource:
  product: windows
detection:
  selection:
    Image|endswith: '\\whoami.exe'
  condition: selection
level: high
`;

describe("reactions are wired by the registry, not by importing a module", () => {
  let unsubscribe: (() => void) | null = null;
  afterEach(() => {
    unsubscribe?.();
    unsubscribe = null;
  });

  it("without subscribeReactions, storing events runs no detection; with it, Sigma and anomalies react", async () => {
    const { tenantId, user } = await signedInUser();
    setTenantPlan(tenantId, "enterprise");
    createRule(tenantId, WHOAMI, loadSigmaForTenant(tenantId, WHOAMI).root, user.id);
    await storeEvents(tenantId, [event("whoami /all")]);
    expect(listDetections(tenantId, { limit: 10 })).toEqual([]);

    unsubscribe = subscribeReactions();
    await storeEvents(tenantId, [event("whoami /priv")]);
    expect(listDetections(tenantId, { limit: 10 }).map((d) => d.ruleTitle)).toEqual(["Registry whoami"]);

    unsubscribe();
    unsubscribe = null;
    await storeEvents(tenantId, [event("whoami /groups")]);
    expect(listDetections(tenantId, { limit: 10 })).toHaveLength(1);
    expect(Array.isArray(listAnomalies(tenantId, {}))).toBe(true);
  });

  it("git grep finds no globalThis registration guard in app/", () => {
    let out: string;
    try {
      out = execFileSync("git", ["grep", "-n", "globalThis", "--", "app"], { cwd: ROOT, encoding: "utf8" });
    } catch {
      out = ""; // git grep exits 1 when nothing matches
    }
    // app/lib/clock.server.ts is not a registration guard: its globalThis slot is the end-to-end server's test clock,
    // installed by tests/e2e/start-server.ts before the app loads (so no production setting can turn it on).
    const lines = out.split("\n").filter((l) => l && !/\.test\.tsx?:/.test(l.split(":")[0] + ":"));
    expect(lines.filter((l) => !l.startsWith("app/lib/clock.server.ts:"))).toEqual([]);
  });
});

describe("the isolation walk, derived from the registry", () => {
  type Account = { tenantId: string; cookie: string };
  let A: Account;
  let B: Account;

  beforeAll(async () => {
    A = await signedInUser(`reg-a-${randomUUID().slice(0, 6)}@example.com`);
    setTenantPlan(A.tenantId, "enterprise");
    const b = await signedInUser(`reg-b-${randomUUID().slice(0, 6)}@example.com`);
    setTenantPlan(b.tenantId, "enterprise");
    // A's person is not a member of B: B's id must answer like an organization that does not exist.
    B = b;
  });

  /** Every loader of every module's route files that reads an organization (the hand list covered these). */
  const loaderFiles = () =>
    MODULES.filter((m) => !m.inDevelopment).flatMap((m) => m.routes.map((file) => ({ module: m.name, file })));

  it("covers every route file the hand-maintained isolation walk imports", () => {
    const iso = fs.readFileSync(path.join(ROOT, "tests/unit/isolation.test.ts"), "utf8");
    const imported = [...iso.matchAll(/from "~\/routes\/([^"]+)"/g)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(20);
    const derived = new Set(loaderFiles().map((f) => f.file));
    expect(imported.filter((f) => !derived.has(f))).toEqual([]);
  });

  it("every loader answers another organization's id exactly like one that does not exist", async () => {
    const differences: string[] = [];
    const refused: string[] = [];
    for (const { file } of loaderFiles()) {
      const mod = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, routeFile(file)))) as {
        loader?: (args: unknown) => unknown;
      };
      if (!mod.loader) continue;
      const status = async (tenantId: string) => {
        resetRateLimits();
        const params = new Proxy({}, { get: () => randomUUID() });
        const res = await settle(() =>
          mod.loader!({ request: req(urlFor(file), { cookie: A.cookie, tenantId }), params, context: {} }),
        );
        return res.status;
      };
      const other = await status(B.tenantId);
      const missing = await status(randomUUID());
      if (other === 403) refused.push(file);
      if (other !== missing) differences.push(`${file}: ${other} for another organization, ${missing} for none`);
      if (other >= 200 && other < 300 && (await status(A.tenantId)) !== other)
        differences.push(`${file}: answers ${other} for another organization`);
    }
    expect(differences).toEqual([]);
    // The walk reaches the organization's pages and APIs (each refuses another organization's id).
    expect(refused.length, refused.join(" ")).toBeGreaterThan(40);
    expect(refused).toEqual(expect.arrayContaining(["_app.alerts", "api.dashboard", "api.incidents", "_app.logs"]));
  }, 120_000);
});

function routeFile(file: string): string {
  const ts = `${file}.ts`;
  return fs.existsSync(path.join(ROUTES_DIR, ts)) ? ts : `${file}.tsx`;
}

/** A plausible URL for a route file (the loaders read params from `params`, not the URL). */
function urlFor(file: string): string {
  const segments = file
    .replace(/^_app\.|^_public\./, "")
    .split(".")
    .filter((s) => s && s !== "_index" && !s.startsWith("$"))
    .map((s) => s.replace(/[[\]]/g, "").replace(/_$/, ""));
  return `/${segments.join("/")}`;
}

/**
 * Issues 31 and 32: what the product says about its modules comes from one source, the route map
 * (app/lib/app-routes.ts), and each module has one name everywhere. This test fetches, from the built server,
 * every public page (the sitemap: marketing pages, teaser pages, blog posts, documents), the signed-in pages
 * outside the shell (/features, the industry pages), every demo page, and every module page signed in, and fails
 * when:
 * - a sentence calls a working module "in development" / "coming soon", or says only a few modules work;
 * - a module is called by an old name (the explicit list below), or a heading names it in another form;
 * - the demo shows a compliance framework the Compliance module does not have;
 * - a plan's card on /pricing lists other modules than app/lib/plans.ts gives that plan;
 * - a module page's <title> or <h1> is not its route-map name.
 */
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ROUTES, appRoute, SECURITY_OPERATIONS_PATH, TEASER_PATHS } from "~/lib/app-routes";
import { FEATURE_LABEL, FEATURES, featuresNewIn, lowestPlanWith, PLANS, type Feature, type Plan } from "~/lib/plans";
import { isFeatureInDevelopment } from "~/modules/marketing/module-status";
import { FRAMEWORKS } from "~/modules/compliance";
import { DEMO_BANNER_TEXT, DEMO_PAGES } from "~/modules/demo/pages";
import { generateDemoData } from "~/modules/demo/generator";
import { SIGNED_IN_PUBLIC_PATHS } from "~/modules/marketing/public-pages";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-copy-");
  ({ cookie } = await seedAccount(db.file, { plan: "enterprise" }));
  server = await startServer({ dbFile: db.file, quietLog: true });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

type Page = {
  path: string;
  title: string;
  h1: string[];
  headings: string[];
  /** Visible text, one entry per block (paragraph, list item, heading, cell...). */
  blocks: string[];
  /** Text inside elements carrying a data-testid, by test id. */
  testIds: Map<string, string[]>;
  /** The list items inside elements carrying a data-testid, by test id. */
  listItems: Map<string, string[]>;
};

const BLOCK = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "div",
  "td",
  "th",
  "dt",
  "dd",
  "section",
  "header",
  "footer",
  "nav",
  "main",
  "caption",
  "figcaption",
  "blockquote",
  "button",
  "label",
  "option",
  "br",
  "tr",
  "ul",
  "ol",
]);
const VOID = new Set(["br", "img", "input", "meta", "link", "hr", "source", "area", "col", "wbr"]);

function readPage(path: string, html: string): Page {
  const page: Page = { path, title: "", h1: [], headings: [], blocks: [], testIds: new Map(), listItems: new Map() };
  let block = "";
  let skip = 0;
  let inTitle = false;
  let svg = 0;
  const open: { tag: string; heading: string | null; testId: string | null; text: string }[] = [];
  const flush = () => {
    const t = block.replace(/\s+/g, " ").trim();
    if (t) page.blocks.push(t);
    block = "";
  };
  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (tag === "script" || tag === "style" || tag === "template") skip++;
        if (tag === "svg") svg++;
        // The document's title, not a chart's (an SVG <title> is its text alternative).
        if (tag === "title" && !svg && !page.title) inTitle = true;
        if (BLOCK.has(tag)) flush();
        if (!VOID.has(tag))
          open.push({
            tag,
            heading: /^h[1-6]$/.test(tag) ? tag : null,
            testId: attrs["data-testid"] ?? null,
            text: "",
          });
      },
      ontext(text) {
        if (skip) return;
        if (inTitle) {
          page.title += text;
          return;
        }
        block += text;
        for (const o of open) o.text += text;
      },
      onclosetag(tag) {
        if (tag === "script" || tag === "style" || tag === "template") skip--;
        if (tag === "title") inTitle = false;
        if (tag === "svg") svg--;
        if (BLOCK.has(tag)) flush();
        if (VOID.has(tag)) return;
        const i = open.map((o) => o.tag).lastIndexOf(tag);
        if (i < 0) return;
        const [o] = open.splice(i, 1);
        const text = o.text.replace(/\s+/g, " ").trim();
        if (o.heading) {
          page.headings.push(text);
          if (o.heading === "h1") page.h1.push(text);
        }
        if (o.testId) page.testIds.set(o.testId, [...(page.testIds.get(o.testId) ?? []), text]);
        if (tag === "li")
          for (const a of open)
            if (a.testId) page.listItems.set(a.testId, [...(page.listItems.get(a.testId) ?? []), text]);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  page.title = page.title.replace(/\s+/g, " ").trim();
  return page;
}

async function fetchPage(path: string, signedIn = false): Promise<Page> {
  const res = await fetch(server.url + path, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await res.text();
  expect(res.status, `${path}${signedIn ? " (signed in)" : ""}`).toBe(200);
  return readPage(path, html);
}

/** Every public page the sitemap lists (marketing pages, teasers, blog posts, documents), signed out. */
async function publicPages(): Promise<Page[]> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>[^<]*?\/\/[^/<]+(\/[^<]*)?<\/loc>/g)].map((m) => m[1] ?? "/");
  expect(paths).toContain("/pricing");
  for (const p of TEASER_PATHS) expect(paths).toContain(p);
  const out: Page[] = [];
  for (const p of new Set(paths)) out.push(await fetchPage(p));
  for (const p of SIGNED_IN_PUBLIC_PATHS) out.push(await fetchPage(p, true));
  return out;
}

// The modules: every route of the map but the account pages, with the name it has everywhere.
const MODULES = APP_ROUTES.filter((r) => r.path !== "/settings" && r.path !== "/phishing-enhanced");
const WORKING = MODULES.filter((r) => !r.inDevelopment);

/**
 * Names modules had before the route map named them, or that a page made up: none may appear anywhere
 * (case-sensitive: a name, not a phrase in running text). Add an alias here when one is found.
 */
const OLD_NAMES: RegExp[] = [
  /\bPhishing Protection\b/,
  /\bPhishing Detection\b/,
  // CISA's zero-trust model has a "Policy Enforcement & Compliance Monitoring" function: not the module.
  /(?<!& )\bCompliance Monitoring\b/,
  /\bSecurity Operations\b/,
  /\bVulnerability Scann(?:ing|er)\b/,
  /\bVulnerability Management\b/,
  /\bDark Web Monitor(?!ing)\b/,
  /\bPassword Checker\b/,
  /\bLogs and Anomalies\b/,
  /\bSecurity Dashboard\b/,
  /\bIncident Management\b/,
  /\bSIEM & SOAR\b/,
];

/**
 * Long-form documents rendered from markdown (docs/*.md, content/blog) write names in sentence case in their own
 * headings; the heading check is for the pages the app composes.
 */
const LONG_FORM = /^\/(docs|blog)(\/|$)/;

/** Words that say a module or feature does not work (yet). */
const NOT_WORKING =
  /\b(in development|coming soon|being built|not built yet|will be able to|cannot be configured yet|not available yet|do not analyse data yet|stores? nothing yet)\b/i;
/** Sentences that explain the "In development" marker itself, for whatever carries it. */
const MARKER_EXPLANATION = /\b(marked|where a scenario|which of them)\b/i;
/** What is really not built: plan features the route map and module status call so. */
const NOT_BUILT = [
  ...FEATURES.filter(isFeatureInDevelopment).map((f) => FEATURE_LABEL[f]),
  ...MODULES.filter((r) => r.inDevelopment).map((r) => r.label),
];
/** Claims that only some modules work: false once every module does. */
const FEW_WORK = /\b(only (two|three|four|a few) modules|(two|three|four) modules work|work now)\b/i;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (text: string, label: string) => new RegExp(`\\b${escapeRe(label)}`, "i").test(text);

function sentencesOf(page: Page): string[] {
  return page.blocks.flatMap((b) => b.split(/(?<=[.!?])\s+/));
}

/** Collected failures per check, so one run lists every page that is wrong, not the first. */
function problems(pages: Page[], check: (p: Page) => string[]): string[] {
  return pages.flatMap((p) => check(p).map((m) => `${p.path}: ${m}`));
}

function claimProblems(p: Page): string[] {
  return [p.title, ...sentencesOf(p)].flatMap((s) => {
    const out: string[] = [];
    if (FEW_WORK.test(s) && WORKING.length === MODULES.length) out.push(`says only some modules work: "${s}"`);
    if (NOT_WORKING.test(s)) {
      const named = WORKING.filter((r) => mentions(s, r.label));
      if (named.length) out.push(`calls ${named.map((r) => r.label).join(", ")} not working: "${s}"`);
      // Not naming a working module is not enough: the sentence names what is not built, or explains the marker.
      else if (!NOT_BUILT.some((n) => mentions(s, n)) && !MARKER_EXPLANATION.test(s))
        out.push(`says something is not built without naming what: "${s}"`);
    }
    return out;
  });
}

function nameProblems(p: Page): string[] {
  const out: string[] = [];
  for (const s of [p.title, ...p.blocks])
    for (const re of OLD_NAMES) if (re.test(s)) out.push(`old name ${re.source}: "${s}"`);
  // A heading that names a module names it as the route map does.
  if (LONG_FORM.test(p.path)) return out;
  for (const h of [...p.headings, p.title.replace(/ · Rampart$/, "").replace(/^Demo: /, "")])
    for (const r of MODULES)
      if (h.toLowerCase() === r.label.toLowerCase() && h !== r.label) out.push(`heading "${h}" for "${r.label}"`);
  return out;
}

/** Framework names that compliance products often claim and Rampart's Compliance module does not have. */
const FOREIGN_FRAMEWORKS = [/\bSOC ?2\b/, /\bISO(?:\/IEC)? ?27001\b/, /\bPCI[ -]DSS\b/, /\bGDPR\b/, /\bCIS Controls\b/];

describe("copy from the route map (issues 31, 32)", () => {
  let pages: Page[] = [];
  let demo: Page[] = [];

  beforeAll(async () => {
    pages = await publicPages();
    demo = [];
    for (const d of DEMO_PAGES) demo.push(await fetchPage(d.path));
  }, 120_000);

  it("no public page, teaser or demo page calls a working module in development or says only some modules work", () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(problems([...pages, ...demo], claimProblems)).toEqual([]);
  });

  it("modules go by their route-map name: no old name, no heading in another form", () => {
    expect(problems([...pages, ...demo], nameProblems)).toEqual([]);
  });

  it("every teaser is headed by its module's route-map name", () => {
    const wrong = TEASER_PATHS.flatMap((path) => {
      const route = APP_ROUTES.find((r) => r.path === (path === SECURITY_OPERATIONS_PATH ? "/siem-soar" : path))!;
      const page = pages.find((p) => p.path === path)!;
      return page.h1.join() === route.label ? [] : [`${path}: <h1> "${page.h1.join()}", route map "${route.label}"`];
    });
    expect(wrong).toEqual([]);
  });

  it("the demo shows only compliance frameworks the Compliance module has, and the banner on every page", () => {
    // As the real executive screen names an adopted framework: its name, and its baseline in parentheses.
    const tracked = (name: string) => FRAMEWORKS.some((f) => name === f.name || name.startsWith(`${f.name} (`));
    const shown = generateDemoData().compliance.map((c) => c.framework);
    expect(shown.filter((f) => !tracked(f))).toEqual([]);
    const executive = demo.find((p) => p.path === "/demo/executive")!;
    for (const f of shown) expect(executive.blocks.join("\n")).toContain(f);
    expect(
      problems(demo, (p) =>
        FOREIGN_FRAMEWORKS.filter((re) => p.blocks.some((b) => re.test(b))).map((re) => `shows ${re.source}`),
      ),
    ).toEqual([]);
    for (const p of demo) expect(p.blocks, p.path).toContain(DEMO_BANNER_TEXT);
  });

  it("each plan on /pricing lists the modules app/lib/plans.ts gives it, by their route-map names", () => {
    const pricing = pages.find((p) => p.path === "/pricing")!;
    // The card's list items: what the plan adds to the one below.
    const card = (plan: Plan) => pricing.listItems.get(`plan-${plan}`) ?? [];
    const planOf = (feature: Feature | null): Plan => (feature ? lowestPlanWith(feature) : "free");
    const wrong: string[] = [];
    for (const plan of PLANS) {
      const items = card(plan);
      if (items.length !== featuresNewIn(plan).length)
        wrong.push(`${plan}: ${items.length} features listed, plans.ts adds ${featuresNewIn(plan).length}`);
      for (const r of MODULES) {
        const listed = items.some((i) => new RegExp(`(^|[:(,] ?)${escapeRe(r.label)}($|[),])`).test(i));
        if (planOf(r.feature) === plan && r.path !== "/dashboard" && !listed)
          wrong.push(`${plan}: does not list ${r.label}`);
        if (planOf(r.feature) !== plan && listed)
          wrong.push(`${plan}: lists ${r.label}, a ${planOf(r.feature)} module`);
      }
      // A free module's route carries no plan feature (everyone has it): its plan feature names it. Plan features
      // that are no module page (API access, SSO support...) keep their plan-table label.
      for (const f of featuresNewIn(plan)) {
        if (MODULES.some((r) => r.feature === f)) continue;
        const name = FREE_MODULE_OF[f] ? appRoute(FREE_MODULE_OF[f]!).label : FEATURE_LABEL[f];
        if (!items.some((i) => i.startsWith(name))) wrong.push(`${plan}: does not list "${name}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every module page signed in has its route-map name as <title> and <h1>, no old name, and the sidebar uses the same names", async () => {
    const wrong: string[] = [];
    for (const r of APP_ROUTES) {
      const page = await fetchPage(r.path, true);
      if (page.title !== `${r.label} · Rampart`) wrong.push(`${r.path}: <title> "${page.title}"`);
      if (page.h1[0] !== r.label) wrong.push(`${r.path}: <h1> "${page.h1.join(" | ")}"`);
      for (const s of [page.title, ...page.blocks])
        for (const re of OLD_NAMES)
          if (re.test(s)) wrong.push(`${r.path}: old name ${re.source}: "${s.slice(0, 200)}"`);
      if (!r.shell) continue;
      const nav = page.testIds.get("sidebar")?.join("\n") ?? "";
      for (const s of APP_ROUTES.filter((x) => x.sidebar))
        if (!nav.includes(s.label)) wrong.push(`${r.path}: sidebar lacks "${s.label}"`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** The plan features of the Free modules, whose routes carry none. */
const FREE_MODULE_OF: Partial<Record<Feature, string>> = {
  dashboard: "/dashboard",
  darkWebMonitoring: "/dark-web-monitoring",
  phishingAnalyzer: "/phishing",
  privacyGuard: "/privacy",
  vulnerabilityScanning: "/vulnerability",
};

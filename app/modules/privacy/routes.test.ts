// The API, the pages' loaders and actions (plain form posts, as without JavaScript) and the public request form,
// called with real requests, real sessions and this file's own SQLite database.
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { acceptInvitation, createInvitation } from "~/modules/tenants";
import { setTenantPlan } from "~/modules/tenants";
import { loader as listApi, action as createApi } from "~/routes/api.privacy.requests";
import { loader as oneApi, action as patchApi } from "~/routes/api.privacy.requests.$id";
import { loader as pageLoader, action as pageAction } from "~/routes/_app.privacy";
import { loader as detailLoader, action as detailAction } from "~/routes/_app.privacy_.$id";
import { loader as mapLoader, action as mapAction } from "~/routes/_app.privacy_.data-map";
import { loader as intakeLoader, action as intakeAction } from "~/routes/_public.privacy-request.$slug";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { todayIn } from "./deadlines";
import { INTAKE_HONEYPOT } from "./intake.server";
import { listRequests } from "./requests.server";

const CTX = { clientIp: "203.0.113.7" };
const args = (request: Request, params: Record<string, string> = {}, context: unknown = CTX) =>
  ({ request, params, context }) as never;

const valid = {
  type: "access",
  jurisdiction: "gdpr",
  requestedAt: "2026-01-31",
  subjectName: "Grace Hopper",
  subjectEmail: "grace@example.com",
};

async function post(cookie: string | undefined, body: unknown) {
  const request =
    typeof body === "string"
      ? req("/api/privacy/requests", {
          method: "POST",
          cookie,
          headers: { "Content-Type": "application/json" },
          body,
        })
      : jsonReq("/api/privacy/requests", body, { cookie });
  return settle(() => createApi(args(request)));
}

async function patch(cookie: string, id: string, body: unknown) {
  const request = jsonReq(`/api/privacy/requests/${id}`, body, { cookie, method: "PATCH" });
  return settle(() => patchApi(args(request, { id })));
}

function form(path: string, cookie: string | undefined, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return req(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

beforeEach(() => resetRateLimits());

describe("POST /api/privacy/requests", () => {
  it("answers 201 with the request and its dueDate (YYYY-MM-DD)", async () => {
    const { cookie } = await signedInUser();
    const res = await post(cookie, valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      type: "access",
      status: "pending",
      jurisdiction: "gdpr",
      channel: "api",
      requestedAt: "2026-01-31",
      dueDate: "2026-02-28",
      completedAt: null,
      subjectName: "Grace Hopper",
      subjectEmail: "grace@example.com",
      reference: "DSR-00001",
    });
    for (const key of ["id", "type", "status", "requestedAt", "dueDate", "completedAt"])
      expect(body).toHaveProperty(key);
    expect(body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("computes every jurisdiction's due date, and defaults requestedAt to today in the tenant's zone", async () => {
    const { cookie } = await signedInUser();
    const due = async (jurisdiction: string, requestedAt = "2024-01-31") =>
      (await (await post(cookie, { ...valid, jurisdiction, requestedAt })).json()).dueDate;
    expect(await due("gdpr")).toBe("2024-02-29");
    expect(await due("uk-gdpr")).toBe("2024-02-29");
    expect(await due("ccpa")).toBe("2024-03-16");
    expect(await due("lgpd")).toBe("2024-02-15");
    expect(await due("pipeda")).toBe("2024-03-01");
    expect(await due("custom")).toBe("2024-03-01");
    const { requestedAt, ...noDate } = valid;
    const today = await (await post(cookie, noDate)).json();
    expect(today.requestedAt).toBe(todayIn("UTC"));
    expect(requestedAt).toBe("2026-01-31");
  });

  it("accepts the laws' other names for a type", async () => {
    const { cookie } = await signedInUser();
    expect((await (await post(cookie, { ...valid, type: "opt-out" })).json()).type).toBe("objection");
    expect((await (await post(cookie, { ...valid, type: "erasure" })).json()).type).toBe("deletion");
  });

  it("answers 400 VALIDATION_ERROR for bad input and stores nothing", async () => {
    const { cookie, tenantId } = await signedInUser();
    const bad = [
      {},
      { ...valid, type: "gossip" },
      { ...valid, jurisdiction: "eu" },
      { ...valid, requestedAt: "2026-02-30" },
      { ...valid, requestedAt: "31/01/2026" },
      { ...valid, requestedAt: "2999-01-01" },
      { ...valid, subjectEmail: "not an address" },
      { ...valid, subjectName: "" },
      { ...valid, subjectName: "x".repeat(201) },
      { ...valid, type: 42 },
      [valid],
      "{not json",
    ];
    for (const body of bad) {
      const res = await post(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = await res.json();
      expect(json.code).toBe("VALIDATION_ERROR");
      expect(typeof json.message).toBe("string");
    }
    expect(listRequests(tenantId)).toEqual([]);
  });

  it("answers 401 when signed out", async () => {
    const res = await post(undefined, valid);
    expect(res.status).toBe(401);
  });
});

describe("GET and PATCH /api/privacy/requests/:id", () => {
  it("lists, reads, moves through the statuses, extends and completes", async () => {
    const { cookie } = await signedInUser();
    const created = await (await post(cookie, { ...valid, requestedAt: todayIn("UTC") })).json();
    const list = await (await settle(() => listApi(args(req("/api/privacy/requests", { cookie }))))).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const filtered = await settle(() => listApi(args(req("/api/privacy/requests?status=completed", { cookie }))));
    expect(await filtered.json()).toEqual([]);
    const badFilter = await settle(() => listApi(args(req("/api/privacy/requests?status=done", { cookie }))));
    expect(badFilter.status).toBe(400);

    expect((await patch(cookie, created.id, { status: "verifying" })).status).toBe(200);
    const skipped = await patch(cookie, created.id, { status: "completed" });
    expect(skipped.status).toBe(400);
    expect(await skipped.json()).toEqual({
      message: "A request cannot go from verifying to completed (only to in-progress or rejected)",
      code: "VALIDATION_ERROR",
    });
    const working = await (await patch(cookie, created.id, { status: "in-progress", method: "id-document" })).json();
    expect(working.verification.method).toBe("id-document");

    const extended = await patch(cookie, created.id, {
      extension: { reason: "Many systems", notifiedAt: todayIn("UTC") },
    });
    expect(extended.status).toBe(200);
    const ext = await extended.json();
    expect(ext.extensions).toHaveLength(1);
    expect(ext.dueDate > created.dueDate).toBe(true);
    const again = await patch(cookie, created.id, { extend: { reason: "More", notifiedAt: todayIn("UTC") } });
    expect(again.status).toBe(400);

    const done = await (await patch(cookie, created.id, { status: "completed", notes: "Sent the export" })).json();
    expect(done).toMatchObject({ status: "completed", notes: "Sent the export", answeredOnTime: true });
    expect(done.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const one = await settle(() =>
      oneApi(args(req(`/api/privacy/requests/${created.id}`, { cookie }), { id: created.id })),
    );
    expect((await one.json()).status).toBe("completed");
  });

  it("answers 400 for unknown or malformed changes", async () => {
    const { cookie } = await signedInUser();
    const created = await (await post(cookie, valid)).json();
    for (const body of [
      {},
      { status: "done" },
      { colour: "red" },
      { extension: { reason: "x" } },
      { method: "telepathy" },
    ]) {
      const res = await patch(cookie, created.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers 404 for another tenant's request, 403 for a member's change, and 401 signed out", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const created = await (await post(a.cookie, valid)).json();
    expect((await patch(b.cookie, created.id, { status: "verifying" })).status).toBe(404);
    const read = await settle(() =>
      oneApi(args(req(`/api/privacy/requests/${created.id}`, { cookie: b.cookie }), { id: created.id })),
    );
    expect(read.status).toBe(404);
    expect(
      await (await settle(() => listApi(args(req("/api/privacy/requests", { cookie: b.cookie }))))).json(),
    ).toEqual([]);
    // b joins a's organization as a member: may log and view, not change state.
    setTenantPlan(b.tenantId, "pro");
    acceptInvitation(createInvitation(a.tenantId, "member", a.user.id).token, b.user.id);
    const asMember = jsonReq(
      `/api/privacy/requests/${created.id}`,
      { status: "verifying" },
      {
        cookie: b.cookie,
        tenantId: a.tenantId,
        method: "PATCH",
      },
    );
    expect((await settle(() => patchApi(args(asMember, { id: created.id })))).status).toBe(403);
    const logAsMember = jsonReq("/api/privacy/requests", valid, { cookie: b.cookie, tenantId: a.tenantId });
    expect((await settle(() => createApi(args(logAsMember)))).status).toBe(201);
    const signedOut = jsonReq(`/api/privacy/requests/${created.id}`, { status: "verifying" }, { method: "PATCH" });
    expect((await settle(() => patchApi(args(signedOut, { id: created.id })))).status).toBe(401);
  });
});

describe("/privacy pages without JavaScript", () => {
  it("shows the teaser signed out", async () => {
    const res = await settle(() => pageLoader(args(req("/privacy"))));
    expect(await res.json()).toEqual({ teaser: true });
  });

  it("logs a request by form, then verifies, ticks the checklist and completes on its page", async () => {
    const { cookie, tenantId } = await signedInUser();
    const added = await settle(() =>
      mapAction(
        args(
          form("/privacy/data-map", cookie, {
            intent: "add-system",
            name: "CRM",
            owner: "Sales ops",
            dataCategories: "name, e-mail, orders",
            location: "EU (Frankfurt)",
            retention: "2 years",
            requestTypes: ["access", "deletion"],
          }),
        ),
      ),
    );
    expect((await added.json()).ok).toBe("CRM added to the data map.");
    const map = await (await settle(() => mapLoader(args(req("/privacy/data-map", { cookie }))))).json();
    expect(map.systems[0]).toMatchObject({ name: "CRM", dataCategories: ["name", "e-mail", "orders"] });

    const missing = await settle(() =>
      pageAction(
        args(
          form("/privacy", cookie, {
            intent: "create",
            subjectName: "",
            subjectEmail: "x",
            type: "access",
            jurisdiction: "gdpr",
          }),
        ),
      ),
    );
    expect(missing.status).toBe(400);
    const errors = (await missing.json()).errors;
    expect(errors.subjectName).toBe("subjectName is required");
    expect(errors.subjectEmail).toMatch(/e-mail address/);

    const created = await settle(() =>
      pageAction(
        args(
          form("/privacy", cookie, {
            intent: "create",
            subjectName: "Alan Turing",
            subjectEmail: "alan@example.com",
            type: "access",
            jurisdiction: "ccpa",
            requestedAt: todayIn("UTC"),
            channel: "post",
          }),
        ),
      ),
    );
    expect(created.status).toBe(302);
    const location = created.headers.get("Location")!;
    const id = location.split("/")[2].split("?")[0];
    expect(location).toBe(`/privacy/${id}?logged=1`);

    const page = await (await settle(() => detailLoader(args(req(location, { cookie }), { id })))).json();
    expect(page.request).toMatchObject({ channel: "post", jurisdiction: "ccpa", status: "pending" });
    expect(page.rules.source).toBe("Cal. Civ. Code § 1798.130(a)(2)");
    const taskId = page.request.tasks[0].id;

    const step = (fields: Record<string, string>) =>
      settle(() => detailAction(args(form(`/privacy/${id}`, cookie, fields), { id })));
    expect((await (await step({ intent: "status", status: "verifying" })).json()).ok).toBe("Status changed.");
    const noMethod = await step({ intent: "status", status: "in-progress" });
    expect(noMethod.status).toBe(400);
    expect((await noMethod.json()).errors.method).toBe("Record how the subject's identity was verified");
    expect((await step({ intent: "status", status: "in-progress", method: "email-confirmation" })).status).toBe(200);
    const gated = await step({ intent: "status", status: "completed" });
    expect(gated.status).toBe(400);
    expect((await gated.json()).errors.status).toBe("Finish the checklist first: 1 task open (CRM)");
    expect((await step({ intent: "task", taskId, taskStatus: "done" })).status).toBe(200);
    expect((await step({ intent: "status", status: "completed" })).status).toBe(200);

    const home = await (await settle(() => pageLoader(args(req("/privacy", { cookie }))))).json();
    expect(home.requests[0]).toMatchObject({ status: "completed", answeredOnTime: true, openTasks: 0, tasks: 1 });
    expect(home.stats.total).toBe(1);
    expect(listRequests(tenantId)[0].status).toBe("completed");
  });

  it("another tenant's request page is a 404", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const created = await (await post(a.cookie, valid)).json();
    const res = await settle(() =>
      detailLoader(args(req(`/privacy/${created.id}`, { cookie: b.cookie }), { id: created.id })),
    );
    expect(res.status).toBe(404);
    const act = await settle(() =>
      detailAction(
        args(form(`/privacy/${created.id}`, b.cookie, { intent: "status", status: "verifying" }), { id: created.id }),
      ),
    );
    expect(act.status).toBe(404);
  });
});

describe("the public request form", () => {
  async function enabledTenant() {
    const owner = await signedInUser();
    const saved = await settle(() =>
      pageAction(
        args(
          form("/privacy", owner.cookie, {
            intent: "settings",
            timeZone: "Europe/Berlin",
            intakeEnabled: "on",
            intakeJurisdiction: "gdpr",
            customDays: "30",
            customExtensionDays: "0",
          }),
        ),
      ),
    );
    expect((await saved.json()).ok).toBe("Settings saved.");
    const page = await (await settle(() => pageLoader(args(req("/privacy", { cookie: owner.cookie }))))).json();
    expect(page.timeZone).toBe("Europe/Berlin");
    const slug = page.settings.intakePath.split("/")[2];
    return { ...owner, slug };
  }

  const submit = (slug: string, fields: Record<string, string>, ip = "198.51.100.20") =>
    settle(() => intakeAction(args(form(`/privacy-request/${slug}`, undefined, fields), { slug }, { clientIp: ip })));

  const person = {
    subjectName: "Mary Shelley",
    subjectEmail: "mary@example.org",
    type: "deletion",
    jurisdiction: "uk-gdpr",
  };

  it("is a 404 until the form is turned on, and for unknown slugs", async () => {
    const owner = await signedInUser();
    const res = await settle(() => intakeLoader(args(req("/privacy-request/personal"), { slug: "personal" })));
    expect(res.status).toBe(404);
    expect((await settle(() => intakeLoader(args(req("/privacy-request/..%2f"), { slug: "../" })))).status).toBe(404);
    expect(owner.tenantId).toBeTruthy();
  });

  it("creates a pending request on the web-form channel and shows the reference", async () => {
    const t = await enabledTenant();
    const page = await (
      await settle(() => intakeLoader(args(req(`/privacy-request/${t.slug}`), { slug: t.slug })))
    ).json();
    expect(page.organization).toBe("Personal");
    const res = await submit(t.slug, { ...person, details: "Please delete my account" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ received: true, reference: "DSR-00001" });
    const [stored] = listRequests(t.tenantId);
    expect(stored).toMatchObject({
      status: "pending",
      channel: "web-form",
      type: "deletion",
      jurisdiction: "uk-gdpr",
      subjectEmail: "mary@example.org",
      notes: "From the subject: Please delete my account",
      requestedAt: todayIn("Europe/Berlin"),
    });
  });

  it("keeps nothing from a filled honeypot, but answers like a success", async () => {
    const t = await enabledTenant();
    const res = await submit(t.slug, { ...person, [INTAKE_HONEYPOT]: "https://spam.example" });
    expect(res.status).toBe(200);
    expect((await res.json()).received).toBe(true);
    expect(listRequests(t.tenantId)).toEqual([]);
  });

  it("shows field errors for bad input", async () => {
    const t = await enabledTenant();
    const res = await submit(t.slug, { subjectName: "", subjectEmail: "nope", type: "haircut" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["subjectEmail", "subjectName", "type"]);
    expect(body.values.subjectEmail).toBe("nope");
    expect(listRequests(t.tenantId)).toEqual([]);
  });

  it("limits one address to 5 requests an hour per form, and 20 across forms", async () => {
    const t = await enabledTenant();
    for (let i = 0; i < 5; i++) expect((await submit(t.slug, person)).status).toBe(200);
    const sixth = await submit(t.slug, person);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await sixth.json()).formError).toMatch(/^Too many requests/);
    expect(listRequests(t.tenantId)).toHaveLength(5);
    // Another address is not affected.
    expect((await submit(t.slug, person, "198.51.100.21")).status).toBe(200);

    const others = await Promise.all([1, 2, 3].map(() => enabledTenant()));
    let accepted = 5;
    for (const o of others) for (let i = 0; i < 5; i++) if ((await submit(o.slug, person)).status === 200) accepted++;
    expect(accepted).toBe(20);
  });

  it("turning the form off closes it again", async () => {
    const t = await enabledTenant();
    await settle(() =>
      pageAction(
        args(
          form("/privacy", t.cookie, {
            intent: "settings",
            timeZone: "UTC",
            intakeJurisdiction: "gdpr",
            customDays: "30",
            customExtensionDays: "0",
          }),
        ),
      ),
    );
    expect((await submit(t.slug, person)).status).toBe(404);
  });

  it("settings refuse an unknown time zone, and a member cannot change them", async () => {
    const owner = await signedInUser();
    const res = await settle(() =>
      pageAction(
        args(
          form("/privacy", owner.cookie, {
            intent: "settings",
            timeZone: "Mars/Olympus",
            intakeJurisdiction: "gdpr",
            customDays: "0",
          }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    const errors = (await res.json()).errors;
    expect(errors.timeZone).toBe("Choose a time zone from the list");
    expect(errors.customDays).toBe("At least 1 day");

    const member = await signedInUser();
    setTenantPlan(member.tenantId, "pro");
    acceptInvitation(createInvitation(owner.tenantId, "member", owner.user.id).token, member.user.id);
    const asMember = form("/privacy", member.cookie, {
      intent: "settings",
      timeZone: "UTC",
      intakeEnabled: "on",
      intakeJurisdiction: "gdpr",
      customDays: "30",
    });
    asMember.headers.set("X-Tenant-Id", owner.tenantId);
    expect((await settle(() => pageAction(args(asMember)))).status).toBe(403);
  });
});

describe("lenient spellings the API accepts", () => {
  it("takes jurisdiction names in any case and CPRA, and null requestedAt as today", async () => {
    const { cookie } = await signedInUser();
    const res = await post(cookie, { ...valid, jurisdiction: " UK_GDPR ", requestedAt: null });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ jurisdiction: "uk-gdpr", requestedAt: todayIn("UTC") });
    expect((await (await post(cookie, { ...valid, jurisdiction: "CPRA" })).json()).jurisdiction).toBe("ccpa");
    expect((await (await post(cookie, { ...valid, jurisdiction: "GDPR" })).json()).dueDate).toBe("2026-02-28");
  });
});

describe("PATCH extension spellings", () => {
  it("takes extend: true with a top-level reason and notifiedAt", async () => {
    const { cookie } = await signedInUser();
    const res = await post(cookie, { ...valid, jurisdiction: "pipeda", requestedAt: todayIn("UTC") });
    expect(res.headers.get("Location")).toMatch(/^\/api\/privacy\/requests\/[0-9a-f-]{36}$/);
    const created = await res.json();
    const ext = await patch(cookie, created.id, {
      extend: true,
      reason: "Conversion to braille",
      notifiedAt: todayIn("UTC"),
    });
    expect(ext.status).toBe(200);
    const body = await ext.json();
    expect(body.extensions[0]).toMatchObject({ reason: "Conversion to braille", previousDueDate: created.dueDate });
    expect(body.status).toBe("pending");
  });
});

describe("the /privacy list", () => {
  it("filters by status and law and sorts by due date", async () => {
    const { cookie } = await signedInUser();
    await post(cookie, { ...valid, jurisdiction: "gdpr", requestedAt: "2026-01-10" }); // due 02-10
    await post(cookie, { ...valid, jurisdiction: "lgpd", requestedAt: "2026-01-20" }); // due 02-04
    await post(cookie, { ...valid, jurisdiction: "ccpa", requestedAt: "2026-01-01" }); // due 02-15
    const load = async (q: string) =>
      (await (await settle(() => pageLoader(args(req(`/privacy${q}`, { cookie }))))).json()).requests.map(
        (r: { reference: string }) => r.reference,
      );
    expect(await load("")).toEqual(["DSR-00003", "DSR-00002", "DSR-00001"]);
    expect(await load("?sort=due")).toEqual(["DSR-00002", "DSR-00001", "DSR-00003"]);
    expect(await load("?jurisdiction=lgpd")).toEqual(["DSR-00002"]);
    expect(await load("?status=completed")).toEqual([]);
    expect(await load("?status=nonsense&jurisdiction=mars")).toHaveLength(3);
  });
});

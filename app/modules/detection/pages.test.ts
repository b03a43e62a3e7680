import { zipSync } from "fflate";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { action as siemAction, loader as siemLoader } from "~/routes/_app.siem-soar";
import { action as huntAction, loader as huntLoader } from "~/routes/_app.threat-hunting";
import { storeEvents } from "~/modules/events";
import { fromJsonValue } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { sysmonProcess } from "./sigma/fixtures/windows-events";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

const rule = (title: string, image: string, level = "high") => `title: ${title}
author: Test Author
license: DRL-1.1
references:
  - https://example.com/${encodeURIComponent(title)}
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image|endswith: '\\${image}'
  condition: selection
level: ${level}
`;

function formReq(path: string, cookie: string, form: FormData) {
  return req(path, { method: "POST", cookie, body: form });
}

async function business() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}

describe("/siem-soar rule library", () => {
  it("adds .yml files and a .zip of rules, reports refused files with the line, and lists them with author", async () => {
    const { cookie } = await business();
    const zip = zipSync({
      "rules/a.yml": new TextEncoder().encode(rule("Rule A", "a.exe")),
      "rules/b.yaml": new TextEncoder().encode(rule("Rule B", "b.exe", "low")),
      "rules/broken.yml": new TextEncoder().encode(
        "title: Broken\nlogsource: {}\ndetection:\n  s:\n    x|nope: 1\n  condition: s\n",
      ),
      "README.md": new TextEncoder().encode("not a rule"),
    });
    const form = new FormData();
    form.set("intent", "upload");
    form.append("files", new File([rule("Rule C", "c.exe")], "c.yml"));
    form.append("files", new File([zip], "pack.zip"));
    const res = await settle(() =>
      siemAction({ request: formReq("/siem-soar", cookie, form), params: {}, context: {} }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.added.map((a: { title: string }) => a.title).sort()).toEqual(["Rule A", "Rule B", "Rule C"]);
    expect(body.result.refused).toEqual([
      { file: "pack.zip/rules/broken.yml", message: "line 5: selection 's': field 'x|nope': unknown modifier 'nope'" },
    ]);

    const page = await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }));
    const data = await page.json();
    expect(data.rules).toHaveLength(3);
    expect(data.rules[0]).toMatchObject({
      author: "Test Author",
      license: "DRL-1.1",
      enabled: true,
      lastMatchAt: null,
    });

    const off = new FormData();
    off.set("intent", "disable");
    off.set("id", data.rules[0].id);
    await settle(() => siemAction({ request: formReq("/siem-soar", cookie, off), params: {}, context: {} }));
    const after = await (
      await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }))
    ).json();
    expect(after.rules.find((r: { id: string }) => r.id === data.rules[0].id).enabled).toBe(false);
  });

  it("an empty upload is a field error, not a 500", async () => {
    const { cookie } = await business();
    const form = new FormData();
    form.set("intent", "upload");
    const res = await settle(() =>
      siemAction({ request: formReq("/siem-soar", cookie, form), params: {}, context: {} }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/Choose/);
  });
});

describe("/threat-hunting workbench", () => {
  it("runs a pasted rule as a retro-hunt, saves the hunt and turns it into a detection rule", async () => {
    const { cookie, tenantId } = await business();
    const now = Date.now();
    const raws = [sysmonProcess("C:\\x\\evil.exe", "evil"), sysmonProcess("C:\\x\\good.exe", "good")];
    await storeEvents(
      tenantId,
      raws.map((r) => {
        const e = fromJsonValue(r, JSON.stringify(r), now);
        if (typeof e === "string") throw new Error(e);
        return { ...e, time: now };
      }),
    );
    const yaml = rule("Evil process", "evil.exe");
    const run = new FormData();
    run.set("intent", "sigma");
    run.set("yaml", yaml);
    const res = await (
      await settle(() => huntAction({ request: formReq("/threat-hunting", cookie, run), params: {}, context: {} }))
    ).json();
    expect(res).toMatchObject({ title: "Evil process", scanned: 2, total: 1 });

    const save = new FormData();
    save.set("intent", "save");
    save.set("yaml", yaml);
    save.set("name", "Evil hunt");
    await settle(() => huntAction({ request: formReq("/threat-hunting", cookie, save), params: {}, context: {} }));
    const promote = new FormData();
    promote.set("intent", "promote");
    promote.set("yaml", yaml);
    await settle(() => huntAction({ request: formReq("/threat-hunting", cookie, promote), params: {}, context: {} }));
    const page = await (
      await settle(() => huntLoader({ request: req("/threat-hunting", { cookie }), params: {}, context: {} }))
    ).json();
    expect(page.hunts).toMatchObject([{ name: "Evil hunt", resultsCount: 1, kind: "sigma" }]);
    expect(page.library.map((r: { title: string }) => r.title)).toEqual(["Evil process"]);

    const bad = new FormData();
    bad.set("yaml", "title: x\n");
    const err = await settle(() =>
      huntAction({ request: formReq("/threat-hunting", cookie, bad), params: {}, context: {} }),
    );
    expect(err.status).toBe(400);
    expect((await err.json()).error).toMatch(/'logsource' is required/);
  });
});

describe("/security detections overview", () => {
  it("counts the last 24 hours of detections by host, technique and hour", async () => {
    const { loader: securityLoader } = await import("~/routes/_app.security");
    const { cookie, tenantId } = await business();
    const form = new FormData();
    form.set("intent", "upload");
    form.set(
      "yaml",
      rule("Whoami", "whoami.exe").replace("level: high", "level: high\ntags:\n  - attack.discovery\n  - attack.t1033"),
    );
    await settle(() => siemAction({ request: formReq("/siem-soar", cookie, form), params: {}, context: {} }));
    const raw = sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami");
    const e = fromJsonValue(raw, JSON.stringify(raw), Date.now());
    if (typeof e === "string") throw new Error(e);
    await storeEvents(tenantId, [e, e]);
    const data = await (
      await settle(() => securityLoader({ request: req("/security", { cookie }), params: {}, context: {} }))
    ).json();
    expect(data.detections.total).toBe(2);
    expect(data.detections.byHost).toEqual([{ label: "WKS-042.corp.example.com", value: 2 }]);
    expect(data.detections.byTechnique).toEqual([{ label: "T1033", value: 2 }]);
    expect(data.detections.hourly).toHaveLength(24);
    expect(data.detections.hourly[23].count).toBe(2);
  });
});

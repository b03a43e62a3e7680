import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { loader as detectionsLoader } from "~/routes/api.detections";
import { action as huntAction, loader as huntLoader } from "~/routes/_app.threat-hunting";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { HuntRuleError, sigmaFromQuery } from "./hunt-rule";
import { sysmonProcess } from "./sigma/fixtures/windows-events";
import { loadSigmaRule, matchEvent, toEventView } from "./sigma";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

const whoami = sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami /all");
const notepad = sysmonProcess("C:\\Windows\\System32\\notepad.exe", "notepad.exe C:\\notes.txt");

describe("a hunt query as a Sigma rule", () => {
  it("turns field:value terms with AND, OR, NOT and parentheses into selections and a condition", () => {
    const yaml = sigmaFromQuery("Image:*\\whoami.exe AND (User:corp\\alice OR NOT CommandLine:*/all*)", "Whoami");
    const doc = parse(yaml);
    expect(doc.detection).toEqual({
      selection_1: { Image: "*\\\\whoami.exe" },
      selection_2: { User: "corp\\\\alice" },
      selection_3: { CommandLine: "*/all*" },
      condition: "selection_1 and (selection_2 or not selection_3)",
    });
    const rule = loadSigmaRule(yaml);
    expect(matchEvent(rule, toEventView(whoami))).toBe(true);
    expect(matchEvent(rule, toEventView(notepad))).toBe(false);
  });

  it("refuses free-text words, store columns and an empty query", () => {
    expect(() => sigmaFromQuery("whoami", "x")).toThrow(HuntRuleError);
    expect(() => sigmaFromQuery("host:WKS-1", "x")).toThrow(/column of the event store/);
    expect(() => sigmaFromQuery("  ", "x")).toThrow(/empty query/);
  });
});

describe("/threat-hunting event search", () => {
  it("searches stored events, saves the hunt with its count and turns it into a detection rule", async () => {
    const { cookie, tenantId } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const store = (raw: unknown[]) =>
      storeEvents(
        tenantId,
        raw.map((r) => {
          const e = fromJsonValue(r, JSON.stringify(r), Date.now());
          if (typeof e === "string") throw new Error(e);
          return { ...e, time: Date.now() - 60_000 };
        }),
      );
    await store([whoami, notepad, whoami]);
    const load = async (qs: string) =>
      (
        await settle(() => huntLoader({ request: req(`/threat-hunting?${qs}`, { cookie }), params: {}, context: {} }))
      ).json();
    const found = await load(`query=${encodeURIComponent("Image:*\\whoami.exe")}&days=7`);
    expect(found.events.total).toBe(2);
    expect(found.events.events[0]).toMatchObject({ host: "WKS-042.corp.example.com" });
    const bad = await load(`query=${encodeURIComponent('Image:"unclosed')}`);
    expect(bad.events.error).toBe("A quoted phrase is missing its closing quote");

    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return settle(() =>
        huntAction({
          request: req("/threat-hunting", { method: "POST", cookie, body: form }),
          params: {},
          context: {},
        }),
      );
    };
    const saved = await post({ intent: "save-query", query: "Image:*\\whoami.exe", days: "7", name: "Whoami runs" });
    expect((await saved.json()).message).toBe("Hunt “Whoami runs” saved with 2 matching events.");
    expect((await load("")).hunts[0]).toMatchObject({ name: "Whoami runs", kind: "query", resultsCount: 2 });

    const refused = await post({ intent: "promote-query", query: "whoami", days: "7" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/free-text word/);
    const promoted = await post({ intent: "promote-query", query: "Image:*\\whoami.exe", days: "7", name: "Whoami" });
    expect((await promoted.json()).message).toBe("“Whoami” is now a detection rule: it runs on every new event.");
    const [newId] = await store([whoami, notepad]);
    const detections = await (
      await settle(() => detectionsLoader({ request: req("/api/detections", { cookie }), params: {}, context: {} }))
    ).json();
    expect(detections.detections.map((d: { eventId: string }) => d.eventId)).toEqual([newId]);
  });
});

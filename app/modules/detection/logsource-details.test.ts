import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { action as rulesAction } from "~/routes/api.detection.rules";
import { loader as detectionsLoader } from "~/routes/api.detections";
import { action as huntAction } from "~/routes/api.threat-hunting.sigma";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { sysmonProcess } from "./sigma/fixtures/windows-events";
import { loadSigmaRule, matchEvent, toEventView } from "./sigma";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

const registryEvent = (eventType: string | null, target: string) => ({
  Event: {
    System: {
      EventID: 12,
      Channel: "Microsoft-Windows-Sysmon/Operational",
      Computer: "WKS-7",
      TimeCreated: { "#attributes": { SystemTime: "2026-11-20T10:00:00Z" } },
    },
    EventData: {
      RuleName: "-",
      ...(eventType ? { EventType: eventType } : {}),
      UtcTime: "2026-11-20 10:00:00.000",
      ProcessId: 4242,
      Image: "C:\\Windows\\regedit.exe",
      TargetObject: target,
      User: "CORP\\bob",
    },
  },
});

const registryRule = (category: string) =>
  loadSigmaRule(`title: ${category}
logsource:
  product: windows
  category: ${category}
detection:
  selection:
    TargetObject|contains: '\\CurrentVersion\\Run'
  condition: selection
`);

describe("Sysmon 12: registry_add and registry_delete by EventType", () => {
  const key = "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\updater";
  const add = registryRule("registry_add");
  const del = registryRule("registry_delete");
  const any = registryRule("registry_event");
  const set = registryRule("registry_set");

  it("a CreateKey event is registry_add (and registry_event), never registry_delete", () => {
    const v = toEventView(registryEvent("CreateKey", key));
    expect([matchEvent(add, v), matchEvent(del, v), matchEvent(any, v), matchEvent(set, v)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("DeleteKey and DeleteValue events are registry_delete, never registry_add", () => {
    for (const type of ["DeleteKey", "DeleteValue"]) {
      const v = toEventView(registryEvent(type, key));
      expect([matchEvent(add, v), matchEvent(del, v), matchEvent(any, v)], type).toEqual([false, true, true]);
    }
  });

  it("an event 12 without EventType stays in both categories", () => {
    const v = toEventView(registryEvent(null, key));
    expect([matchEvent(add, v), matchEvent(del, v)]).toEqual([true, true]);
  });
});

describe("values longer than the store keeps", () => {
  it("a rule matching past the 8192-character cut matches when streaming and in a retro-hunt", async () => {
    const { cookie, tenantId } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const yaml = `title: Long Encoded Command
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    CommandLine|endswith: 'MARKER-AT-THE-END'
  condition: selection
level: medium
`;
    const created = await settle(() =>
      rulesAction({ request: jsonReq("/api/detection/rules", { yaml }, { cookie }), params: {}, context: {} }),
    );
    expect(created.status).toBe(201);
    const long = `powershell.exe -enc ${"A".repeat(12_000)} MARKER-AT-THE-END`;
    const short = "powershell.exe -enc AAAA";
    const raw = [
      sysmonProcess("C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe", long),
      sysmonProcess("C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe", short),
    ];
    const events = raw.map((r) => {
      const e = fromJsonValue(r, JSON.stringify(r), Date.now());
      if (typeof e === "string") throw new Error(e);
      return e;
    });
    // the store keeps 8192 characters of the value
    expect(String(events[0]!.fields.CommandLine).length).toBe(8192);
    const ids = await storeEvents(tenantId, events);

    const streamed = await (
      await settle(() => detectionsLoader({ request: req("/api/detections", { cookie }), params: {}, context: {} }))
    ).json();
    expect(streamed.detections.map((d: { eventId: string }) => d.eventId)).toEqual([ids[0]]);
    const hunted = await (
      await settle(() =>
        huntAction({
          request: jsonReq("/api/threat-hunting/sigma", { yaml }, { cookie }),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(hunted.matches.map((m: { eventId: string }) => m.eventId)).toEqual([ids[0]]);
  });
});

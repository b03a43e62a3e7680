// Each anomaly kind on generated event streams with a fixed clock, through the store's "events.stored" as the
// module registry subscribes the events module's reaction:
// failed sign-in bursts (Windows 4625, generic outcome), new terms after the learning period, volume over
// the median + MAD baseline, impossible travel; "benign" stops the same pattern from alerting again.
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { listAlerts } from "~/modules/alerts";
import { MODULES, subscribeReactions } from "~/modules/registry.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { listAnomalies, setAnomalyStatus, medianAndMad, BURST_THRESHOLD } from "./anomalies.server";
import { normalize, flattenWindowsEvent, type Fields } from "./parse";
import { BATCH_SIZE, setEventsClock, storeEvents } from "./store.server";

const NOW = Date.UTC(2026, 2, 20, 12);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(() => subscribeReactions(MODULES.filter((m) => m.name === "events")));
afterEach(() => setEventsClock());

const ev = (fields: Fields, time: number, host: string | null = "ws-01") =>
  normalize(fields, JSON.stringify(fields), NOW, { time, host });

const win = (eventId: number, data: Record<string, unknown>, time: number, computer = "WS-01") => {
  const fields = flattenWindowsEvent({
    System: {
      EventID: eventId,
      Channel: "Security",
      Computer: computer,
      Provider: { "#attributes": { Name: "Microsoft-Windows-Security-Auditing" } },
    },
    EventData: data,
  });
  return normalize(fields, "{}", NOW, { time, host: computer });
};

async function tenant() {
  setEventsClock(() => NOW);
  return (await signedInUser()).tenantId;
}

describe("failed sign-in bursts", () => {
  it("one burst from one address against one user is one anomaly and one alert, not two (issue 31)", async () => {
    const t = await tenant();
    const burst = Array.from({ length: BURST_THRESHOLD + 2 }, (_, i) =>
      win(4625, { TargetUserName: "root", IpAddress: "192.0.2.7" }, NOW - DAY + i * 1000),
    );
    await storeEvents(t, burst);
    const found = listAnomalies(t);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: "failed-signin-burst", user: "root" });
    expect(found[0].explanation).toContain("192.0.2.7");
    expect(listAlerts(t).filter((a) => a.source === "logs")).toHaveLength(1);
  });

  it("fires once per burst for Windows 4625 per user, not below the threshold", async () => {
    const t = await tenant();
    const base = NOW - DAY;
    const below = Array.from({ length: BURST_THRESHOLD - 1 }, (_, i) =>
      win(4625, { TargetUserName: "carol", IpAddress: `203.0.113.${i}` }, base + i * 1000),
    );
    await storeEvents(t, below);
    expect(listAnomalies(t)).toEqual([]);
    const burst = Array.from({ length: 25 }, (_, i) =>
      win(4625, { TargetUserName: "dave", IpAddress: `198.51.100.${i}` }, base + HOUR + i * 5000),
    );
    await storeEvents(t, burst);
    const found = listAnomalies(t);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: "failed-signin-burst", user: "dave", severity: "medium", status: "open" });
    expect(found[0]!.explanation).toContain("10 failed sign-ins for user dave");
    expect(found[0]!.detectedAt).toBe(new Date(NOW).toISOString());
  });

  it("reads generic outcome: failure sign-ins per source address", async () => {
    const t = await tenant();
    const spray = Array.from({ length: 12 }, (_, i) =>
      ev(
        {
          "event.category": "authentication",
          "event.outcome": "failure",
          "user.name": `user${i}`,
          "source.ip": "192.0.2.50",
        },
        NOW - HOUR + i * 1000,
        "vpn",
      ),
    );
    await storeEvents(t, spray);
    const found = listAnomalies(t);
    expect(found.map((a) => a.explanation)).toEqual([expect.stringContaining("from address 192.0.2.50")]);
  });
});

describe("new terms", () => {
  it("learns a host's processes and services for 7 days, then flags the first new one", async () => {
    const t = await tenant();
    const start = NOW - 10 * DAY;
    const learning = Array.from({ length: 8 }, (_, d) =>
      win(
        4688,
        {
          NewProcessName: "C:\\Windows\\System32\\svchost.exe",
          ParentProcessName: "C:\\Windows\\System32\\services.exe",
        },
        start + d * DAY,
      ),
    );
    // Seen during learning: never flagged.
    learning.push(
      win(
        4688,
        { NewProcessName: "C:\\Tools\\backup.exe", ParentProcessName: "C:\\Windows\\explorer.exe" },
        start + DAY,
      ),
    );
    await storeEvents(t, learning);
    expect(listAnomalies(t)).toEqual([]);
    await storeEvents(t, [
      win(
        4688,
        { NewProcessName: "C:\\Tools\\backup.exe", ParentProcessName: "C:\\Windows\\explorer.exe" },
        start + 8 * DAY,
      ),
      win(
        4688,
        {
          NewProcessName: "C:\\Users\\bob\\AppData\\Local\\Temp\\mimikatz.exe",
          ParentProcessName: "C:\\Windows\\System32\\cmd.exe",
          SubjectUserName: "bob",
        },
        start + 8 * DAY + 1000,
      ),
      win(7045, { ServiceName: "PSEXESVC", ImagePath: "%SystemRoot%\\PSEXESVC.exe" }, start + 8 * DAY + 2000),
    ]);
    const found = listAnomalies(t);
    const texts = found.map((a) => a.explanation);
    expect(found.every((a) => a.type === "new-term")).toBe(true);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringContaining("The process mimikatz.exe ran on WS-01 for the first time"),
        expect.stringContaining("The parent-child pair cmd.exe > mimikatz.exe appeared"),
        expect.stringContaining("The service psexesvc was installed"),
      ]),
    );
    expect(found).toHaveLength(3);
    expect(found.find((a) => a.explanation.includes("service"))!.severity).toBe("high");
  });
});

describe("volume over baseline", () => {
  it("flags an hour far above the entity's own median + MAD, and benign stops it", async () => {
    const t = await tenant();
    const start = NOW - 3 * DAY;
    const steady: ReturnType<typeof ev>[] = [];
    for (let h = 0; h < 48; h += 1)
      for (let i = 0; i < 10 + (h % 3); i += 1)
        steady.push(ev({ message: "tick" }, start + h * HOUR + i * 1000, "db-1"));
    await storeEvents(t, steady);
    expect(listAnomalies(t)).toEqual([]);
    // 40 events: above the median (11) but below median + 6 scaled MADs -> no alert... and under the minimum.
    await storeEvents(
      t,
      Array.from({ length: 40 }, (_, i) => ev({ message: "tick" }, start + 48 * HOUR + i * 1000, "db-1")),
    );
    expect(listAnomalies(t)).toEqual([]);
    const spike = Array.from({ length: 400 }, (_, i) =>
      ev({ message: "export" }, start + 49 * HOUR + i * 1000, "db-1"),
    );
    await storeEvents(t, spike);
    const found = listAnomalies(t);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: "volume-spike", host: "db-1", severity: "high" });
    // Detection runs per stored batch: the spike is flagged by the first batch that crosses the alert level.
    expect(found[0]!.explanation).toContain(`${Math.min(400, BATCH_SIZE)} events for host db-1`);
    setAnomalyStatus(t, found[0]!.id, "benign");
    await storeEvents(
      t,
      Array.from({ length: 500 }, (_, i) => ev({ message: "export" }, start + 50 * HOUR + i * 1000, "db-1")),
    );
    expect(listAnomalies(t)).toHaveLength(1);
    expect(listAnomalies(t)[0]!.status).toBe("benign");
    // Its alert is resolved with it.
    expect(listAlerts(t).find((a) => a.title.includes("db-1"))!.status).toBe("resolved");
  });

  it("median and MAD", () => {
    expect(medianAndMad([1, 1, 2, 2, 4, 6, 9])).toEqual({ median: 2, mad: 1 });
  });
});

describe("impossible travel", () => {
  it("flags sign-ins too far apart for the time between them, by coordinates or countries", async () => {
    const t = await tenant();
    const signIn = (user: string, time: number, geo: Fields) =>
      ev({ "event.category": "authentication", "event.outcome": "success", "user.name": user, ...geo }, time, "idp");
    await storeEvents(t, [
      // Amsterdam, then Sydney two hours later: ~16,600 km.
      signIn("erin", NOW - 3 * HOUR, { "source.geo.location.lat": 52.37, "source.geo.location.lon": 4.9 }),
      signIn("erin", NOW - HOUR, { "source.geo.location.lat": -33.87, "source.geo.location.lon": 151.21 }),
      // Amsterdam, then Brussels two hours later: plausible.
      signIn("frank", NOW - 3 * HOUR, { "source.geo.location.lat": 52.37, "source.geo.location.lon": 4.9 }),
      signIn("frank", NOW - HOUR, { "source.geo.location.lat": 50.85, "source.geo.location.lon": 4.35 }),
      // Countries only: NL then BR 20 minutes later.
      signIn("gina", NOW - 2 * HOUR, { "source.geo.country_iso_code": "NL" }),
      signIn("gina", NOW - 2 * HOUR + 20 * 60_000, { "source.geo.country_iso_code": "BR" }),
    ]);
    const found = listAnomalies(t).filter((a) => a.type === "impossible-travel");
    expect(found.map((a) => a.user).sort()).toEqual(["erin", "gina"]);
    expect(found.find((a) => a.user === "erin")!.explanation).toMatch(/km apart in 120 minutes/);
    expect(found.every((a) => a.severity === "high" && a.eventIds.length === 2)).toBe(true);
  });
});

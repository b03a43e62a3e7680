// Each input format the ingestion accepts, from what real shippers and tools write.
import { describe, expect, it } from "vitest";
import { parseHec, parseJson, parseNdjson, parseSyslog, splitConcatenatedJson } from "./parse";

const NOW = Date.UTC(2026, 2, 10, 12);

describe("ndjson", () => {
  it("keeps good lines and reports bad ones by 1-based line", () => {
    const body = [
      '{"@timestamp":"2026-03-10T11:00:00Z","message":"login ok","user":{"name":"ada"},"host":{"name":"web-1"}}',
      "{not json",
      "",
      "42",
      '{"msg":"second","ts":1773140400}',
    ].join("\n");
    const r = parseNdjson(body, NOW);
    expect(r.events).toHaveLength(2);
    expect(r.lines).toEqual([1, 5]);
    expect(r.rejected).toEqual([
      { line: 2, message: "The line is not valid JSON" },
      { line: 4, message: "An event must be a JSON object" },
    ]);
    expect(r.events[0]).toMatchObject({
      time: Date.UTC(2026, 2, 10, 11),
      host: "web-1",
      message: "login ok",
      fields: { "user.name": "ada" },
    });
    expect(r.events[1]!.time).toBe(1773140400 * 1000);
  });

  it("uses receipt time when the event has none, and CRLF line ends", () => {
    const r = parseNdjson('{"a":1}\r\n{"b":2}\r\n', NOW);
    expect(r.events.map((e) => e.time)).toEqual([NOW, NOW]);
    expect(r.rejected).toEqual([]);
  });
});

describe("json", () => {
  it("takes one event or an array, rejecting bad elements by position", () => {
    expect(parseJson('{"message":"one"}', NOW)).toMatchObject({ events: [{ message: "one" }], rejected: [] });
    const r = parseJson('[{"message":"a"}, "nope", {"message":"c"}]', NOW);
    expect(typeof r).toBe("object");
    if (typeof r === "string") return;
    expect(r.events.map((e) => e.message)).toEqual(["a", "c"]);
    expect(r.rejected).toEqual([{ line: 2, message: "An event must be a JSON object" }]);
    expect(parseJson("{oops", NOW)).toBe("The request body is not valid JSON");
  });

  it("flattens evtx_dump Windows events to top-level fields and keeps the original", () => {
    const evtx = {
      Event: {
        "#attributes": { xmlns: "http://schemas.microsoft.com/win/2004/08/events/event" },
        System: {
          Provider: { "#attributes": { Name: "Microsoft-Windows-Security-Auditing", Guid: "{54849625}" } },
          EventID: 4688,
          Version: 2,
          Level: 0,
          TimeCreated: { "#attributes": { SystemTime: "2026-03-10T10:15:00.123456Z" } },
          EventRecordID: 1234,
          Execution: { "#attributes": { ProcessID: 4, ThreadID: 8 } },
          Channel: "Security",
          Computer: "WS-01.corp.example",
          Security: null,
        },
        EventData: {
          SubjectUserName: "alice",
          NewProcessName: "C:\\Windows\\System32\\cmd.exe",
          CommandLine: "cmd.exe /c whoami",
          ParentProcessName: "C:\\Windows\\explorer.exe",
        },
      },
    };
    const r = parseJson(JSON.stringify(evtx), NOW);
    if (typeof r === "string") throw new Error(r);
    const e = r.events[0]!;
    expect(e.fields).toMatchObject({
      EventID: 4688,
      Channel: "Security",
      Computer: "WS-01.corp.example",
      Provider_Name: "Microsoft-Windows-Security-Auditing",
      Execution_ProcessID: 4,
      CommandLine: "cmd.exe /c whoami",
      SubjectUserName: "alice",
    });
    expect(e.host).toBe("WS-01.corp.example");
    expect(e.source).toBe("Security");
    expect(e.product).toBe("windows");
    expect(e.category).toBe("process");
    expect(e.time).toBe(Date.parse("2026-03-10T10:15:00.123Z"));
    expect(JSON.parse(e.original)).toEqual(evtx);
  });

  it("reads the #text shape of EventID and the Data list shape", () => {
    const line = JSON.stringify({
      Event: {
        System: { EventID: { "#attributes": { Qualifiers: "" }, "#text": 4625 }, Channel: "Security", Computer: "DC1" },
        EventData: {
          Data: [
            { "#attributes": { Name: "TargetUserName" }, "#text": "bob" },
            { "#attributes": { Name: "IpAddress" }, "#text": "203.0.113.9" },
          ],
        },
      },
    });
    const r = parseNdjson(line, NOW);
    expect(r.events[0]!.fields).toMatchObject({ EventID: 4625, TargetUserName: "bob", IpAddress: "203.0.113.9" });
    expect(r.events[0]!.category).toBe("authentication");
  });
});

describe("syslog", () => {
  it("parses RFC 5424, RFC 3164 and CEF lines, rejecting what is none of them", () => {
    const body = [
      '<34>1 2026-03-10T10:14:15.003Z mymachine.example.com su - ID47 [exampleSDID@32473 iut="3" eventSource="Application"] \'su root\' failed for lonvick on /dev/pts/8',
      "<38>Mar  9 22:14:15 bastion sshd[4242]: Failed password for invalid user admin from 198.51.100.7 port 52114 ssh2",
      "<13>Mar 10 11:07:53 fw1 CEF:0|Security|threatmanager|1.0|100|worm successfully stopped|10|src=10.0.0.1 dst=2.1.2.2 spt=1232",
      "this is not syslog",
    ].join("\n");
    const r = parseSyslog(body, NOW);
    expect(r.rejected).toEqual([{ line: 4, message: "The line is not syslog (RFC 5424, RFC 3164) or CEF" }]);
    const [a, b, c] = r.events;
    expect(a).toMatchObject({
      host: "mymachine.example.com",
      source: "su",
      time: Date.parse("2026-03-10T10:14:15.003Z"),
      fields: {
        "sd.exampleSDID@32473.iut": "3",
        "sd.exampleSDID@32473.eventSource": "Application",
        facility: "auth",
        facilityCode: 4,
        severity: "crit",
        severityCode: 2,
        msgid: "ID47",
      },
    });
    expect(b).toMatchObject({ host: "bastion", source: "sshd", category: "authentication", fields: { pid: "4242" } });
    expect(b!.message).toContain("Failed password for invalid user admin");
    expect(new Date(b!.time).getUTCDate()).toBe(9);
    expect(c).toMatchObject({ host: "fw1", product: "threatmanager", message: "worm successfully stopped" });
    expect(c!.fields).toMatchObject({ src: "10.0.0.1", dst: "2.1.2.2", "cef.deviceVendor": "Security" });
  });

  it("puts a BSD line from late December read in January into last year", () => {
    const jan = Date.UTC(2027, 0, 2, 12);
    const r = parseSyslog("<13>Dec 31 23:59:00 h app: bye", jan);
    expect(new Date(r.events[0]!.time).getUTCFullYear()).toBe(2026);
  });
});

describe("Splunk HEC", () => {
  it("reads concatenated envelopes as Vector sends them", () => {
    // Vector's splunk_hec_logs sink: one JSON envelope per event, concatenated without a separator.
    const body =
      '{"event":{"message":"GET /index.html 200","user":"ada"},"fields":{"env":"prod"},"time":1773140400.25,"host":"web-2","source":"/var/log/nginx/access.log","sourcetype":"nginx"}' +
      '{"event":"plain text line","time":"1773140401","host":"web-2","sourcetype":"vector"}';
    const { events, error } = parseHec(body, NOW);
    expect(error).toBeNull();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      time: 1773140400250,
      host: "web-2",
      source: "/var/log/nginx/access.log",
      message: "GET /index.html 200",
      fields: { env: "prod", sourcetype: "nginx", user: "ada" },
    });
    expect(events[1]).toMatchObject({ message: "plain text line", time: 1773140401000, source: "vector" });
  });

  it("answers HEC's error codes, keeping the envelopes before the bad one", () => {
    expect(parseHec("", NOW).error).toMatchObject({ code: 5, text: "No data" });
    const missing = parseHec('{"event":"ok"}\n{"time":1}', NOW);
    expect(missing.events).toHaveLength(1);
    expect(missing.error).toMatchObject({ code: 12, text: "Event field is required", invalidEventNumber: 1 });
    expect(parseHec('{"event":""}', NOW).error).toMatchObject({ code: 13, invalidEventNumber: 0 });
    expect(parseHec('{"event":"a"} nope', NOW).error).toMatchObject({
      code: 6,
      text: "Invalid data format",
      invalidEventNumber: 1,
    });
  });

  it("splits envelopes whose strings contain braces and escaped quotes", () => {
    const body = '{"event":"a } \\" {"}{"event":{"x":[1,{"y":"}"}]}}';
    expect(splitConcatenatedJson(body).parts).toHaveLength(2);
    expect(splitConcatenatedJson('{"event":"unterminated').badAt).toBe(0);
  });
});

describe("large bodies", () => {
  it("are parsed in slices at line ends with the same events and line numbers as in one go", async () => {
    const { parseInSlices } = await import("./ingest.server");
    const ndjson = Array.from({ length: 400 }, (_, i) =>
      i % 37 === 5
        ? "{broken"
        : i % 53 === 7
          ? ""
          : JSON.stringify({ time: NOW - i * 1000, message: `event ${i}`, n: i }) + (i % 2 ? "\r" : ""),
    ).join("\n");
    const whole = parseNdjson(ndjson, NOW);
    expect(whole.rejected.length).toBeGreaterThan(5);
    for (const slice of [64, 1000, 4096]) expect(await parseInSlices(ndjson, NOW, parseNdjson, slice)).toEqual(whole);
    const syslog = Array.from({ length: 200 }, (_, i) =>
      i % 41 === 3
        ? "not syslog at all"
        : `<38>Mar 10 11:00:${String(i % 60).padStart(2, "0")} bastion sshd[9]: line ${i}`,
    ).join("\n");
    const wholeSyslog = parseSyslog(syslog, NOW);
    expect(await parseInSlices(syslog, NOW, parseSyslog, 500)).toEqual(wholeSyslog);
  });
});

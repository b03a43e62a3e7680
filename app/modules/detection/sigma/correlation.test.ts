import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeRuleError,
  evaluateCorrelation,
  fileLookup,
  isCorrelation,
  loadSigmaFile,
  resolveCorrelation,
  SigmaRuleError,
  toEventView,
  type CorrelationEvent,
  type CorrelationRule,
} from "./index";
import { securityLogon, sysmonProcess } from "./fixtures/windows-events";

// The specification's own example ("Failed Logins Followed by Successful Login"), as SigmaHQ writes it.
const SPEC_EXAMPLE = `title: Correlation - Multiple Failed Logins Followed by Successful Login
id: b180ead8-d58f-40b2-ae54-c8940995b9b6
status: experimental
description: Detects multiple failed logins by a single user followed by a successful login of that user
references:
    - https://reference.com
author: Florian Roth (Nextron Systems)
date: 2023-06-16
correlation:
    type: temporal_ordered
    rules:
        - multiple_failed_login
        - successful_login
    group-by:
        - TargetUserName
    timespan: 10m
falsepositives:
    - Unlikely
level: high
---
title: Multiple failed logons
id: a8418a5a-5fc4-46b5-b23b-6c73beb19d41
description: Detects multiple failed logins within a certain amount of time
name: multiple_failed_login
correlation:
    type: event_count
    rules:
        - failed_login
    group-by:
        - TargetUserName
    timespan: 10m
    condition:
        gte: 10
---
title: Single failed login
id: 53ba33fd-3a50-4468-a5ef-c583635cfa92
name: failed_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID:
            - 529
            - 4625
    condition: selection
---
title: Successful login
id: 4d0a2c83-c62c-4ed4-b475-c7e23a9269b8
description: Detects a successful login
name: successful_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID:
            - 528
            - 4624
    condition: selection
`;

const FAILED_LOGIN = `title: Single failed login
id: 53ba33fd-3a50-4468-a5ef-c583635cfa92
name: failed_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 4625
    condition: selection
`;

const T0 = Date.parse("2026-11-20T09:00:00Z");
let seq = 0;
function ev(time: number, raw: unknown, extra: Record<string, unknown> = {}): CorrelationEvent {
  const view = toEventView(raw);
  return { id: `e${++seq}`, time, view: { ...view, fields: { ...view.fields, ...extra } } };
}
const failed = (sec: number, user: string, host = "WKS-042") =>
  ev(T0 + sec * 1000, securityLogon(4625, user, "10.0.0.9", 3), { Computer: host });
const success = (sec: number, user: string) => ev(T0 + sec * 1000, securityLogon(4624, user, "10.0.0.9", 3));

function run(yaml: string, events: CorrelationEvent[]) {
  const file = loadSigmaFile(yaml);
  expect(isCorrelation(file.root)).toBe(true);
  return evaluateCorrelation(resolveCorrelation(file.root as CorrelationRule, fileLookup(file)), events).matches;
}

function loadError(yaml: string): string {
  try {
    const file = loadSigmaFile(yaml);
    if (isCorrelation(file.root)) resolveCorrelation(file.root, fileLookup(file));
  } catch (e) {
    expect(e).toBeInstanceOf(SigmaRuleError);
    return describeRuleError(e as SigmaRuleError);
  }
  throw new Error("the file loaded");
}

describe("event_count", () => {
  const yaml = `title: Many failed logins
id: 0e95725d-7320-415d-80f7-004da920fc11
correlation:
    type: event_count
    rules:
        - failed_login
    group-by:
        - TargetUserName
    timespan: 5m
    condition:
        gte: 5
level: high
---
${FAILED_LOGIN}`;

  it("matches the 5th failed login of one user within 5 minutes, per user, and not across the window", () => {
    const events = [
      ...[0, 30, 60, 90].map((s) => failed(s, "alice")),
      failed(100, "bob"),
      failed(120, "alice"), // the 5th of alice within 5m
      // carol: 5 failures spread over 10 minutes never has 5 in any 5 minutes
      ...[0, 150, 300, 450, 600].map((s) => failed(1000 + s, "carol")),
    ];
    const matches = run(yaml, events);
    expect(matches).toEqual([
      { eventId: events[5].id, time: T0 + 120_000, group: { TargetUserName: "alice" }, count: 5 },
    ]);
  });

  it("counts the window as (t - timespan, t]: an event exactly timespan old has left it", () => {
    const events = [0, 60, 120, 180, 300].map((s) => failed(s, "alice"));
    expect(run(yaml, events)).toEqual([]);
    expect(
      run(
        yaml,
        [0, 60, 120, 180, 299].map((s) => failed(s, "alice")),
      ),
    ).toHaveLength(1);
  });

  it("supports ranges (gt and lte together)", () => {
    const ranged = yaml.replace("gte: 5", "gt: 1\n        lte: 2");
    const events = [0, 1, 2].map((s) => failed(s, "alice"));
    expect(run(ranged, events).map((m) => m.count)).toEqual([2]);
  });

  it("is refused without a condition or with an unknown operator, naming the problem", () => {
    expect(loadError(yaml.replace("    condition:\n        gte: 5\n", ""))).toContain("needs a condition");
    expect(loadError(yaml.replace("gte: 5", "above: 5"))).toContain("unknown operator 'above'");
  });
});

describe("value_count", () => {
  const yaml = `title: One user failing on many hosts
correlation:
    type: value_count
    rules:
        - failed_login
    group-by:
        - TargetUserName
    timespan: 1h
    condition:
        field: Computer
        gte: 3
level: medium
---
${FAILED_LOGIN}`;

  it("counts distinct hosts per user: repeats on one host do not count", () => {
    const events = [
      failed(0, "alice", "A"),
      failed(10, "alice", "A"),
      failed(20, "alice", "A"),
      failed(30, "alice", "B"),
      failed(40, "bob", "C"),
      failed(50, "alice", "C"),
    ];
    const matches = run(yaml, events);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ eventId: events[5].id, group: { TargetUserName: "alice" }, count: 3 });
  });

  it("needs condition.field", () => {
    expect(loadError(yaml.replace("        field: Computer\n", ""))).toContain("needs condition.field");
  });
});

describe("temporal", () => {
  const recon = (name: string, cmd: string) => `title: Recon ${cmd}
name: ${name}
logsource:
    product: windows
    category: process_creation
detection:
    selection:
        CommandLine|contains: '${cmd}'
    condition: selection
`;
  const yaml = `title: Reconnaissance commands
correlation:
    type: temporal
    rules:
        - recon_cmd_a
        - recon_cmd_b
        - recon_cmd_c
    group-by:
        - Computer
        - User
    timespan: 5m
level: high
---
${recon("recon_cmd_a", "whoami")}---
${recon("recon_cmd_b", "ipconfig")}---
${recon("recon_cmd_c", "net user")}`;
  const proc = (sec: number, cmd: string, user = "eve") =>
    ev(T0 + sec * 1000, sysmonProcess("C:\\Windows\\System32\\cmd.exe", cmd), { User: user });

  it("matches when all three ran within 5 minutes on one host by one user, in any order", () => {
    const events = [proc(0, "net user /domain"), proc(30, "whoami /all"), proc(60, "ipconfig /all")];
    const matches = run(yaml, events);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ eventId: events[2].id, count: 3 });
  });

  it("does not match when one is missing, too late, or by another user", () => {
    expect(run(yaml, [proc(0, "whoami"), proc(30, "ipconfig")])).toEqual([]);
    expect(run(yaml, [proc(0, "whoami"), proc(30, "ipconfig"), proc(400, "net user")])).toEqual([]);
    expect(run(yaml, [proc(0, "whoami"), proc(30, "ipconfig"), proc(60, "net user", "bob")])).toEqual([]);
  });

  it("resolves aliases per rule for group-by", () => {
    const aliased = yaml
      .replace("        - Computer\n        - User\n", "        - who\n")
      .replace(
        "    timespan: 5m\n",
        "    timespan: 5m\n    aliases:\n        who:\n            recon_cmd_a: User\n            recon_cmd_b: Actor\n            recon_cmd_c: User\n",
      );
    const events = [
      proc(0, "whoami"),
      ev(T0 + 10_000, sysmonProcess("C:\\x.exe", "ipconfig"), { Actor: "eve" }),
      proc(20, "net user"),
    ];
    expect(run(aliased, events)).toHaveLength(1);
  });
});

describe("temporal_ordered (the specification's example, chained over event_count)", () => {
  it("matches 10 failed logins then a success of the same user within 10 minutes", () => {
    const events = [...Array.from({ length: 10 }, (_, i) => failed(i * 10, "alice")), success(200, "alice")];
    const matches = run(SPEC_EXAMPLE, events);
    expect(matches).toEqual([
      { eventId: events[10].id, time: T0 + 200_000, group: { TargetUserName: "alice" }, count: 2 },
    ]);
  });

  it("does not match in the wrong order, for another user, or with too few failures", () => {
    const tenFailed = Array.from({ length: 10 }, (_, i) => failed(10 + i, "alice"));
    expect(run(SPEC_EXAMPLE, [success(0, "alice"), ...tenFailed])).toEqual([]);
    expect(run(SPEC_EXAMPLE, [...tenFailed, success(100, "bob")])).toEqual([]);
    expect(run(SPEC_EXAMPLE, [...tenFailed.slice(1), success(100, "alice")])).toEqual([]);
  });
});

describe("loading", () => {
  it("keeps the outermost correlation as the file's rule, with its level and generate flag", () => {
    const file = loadSigmaFile(SPEC_EXAMPLE);
    expect(file.root).toMatchObject({
      kind: "correlation",
      title: expect.stringContaining("Followed by"),
      level: "high",
      generate: false,
    });
    expect(file.rules.map((r) => r.name)).toEqual(["failed_login", "successful_login"]);
  });

  it("reads every timespan unit and refuses more than 24h or a bad unit", () => {
    const base = SPEC_EXAMPLE.replace("timespan: 10m\nfalsepositives", "timespan: X\nfalsepositives");
    for (const [t, ms] of [
      ["30s", 30_000],
      ["2h", 7_200_000],
      ["1d", 86_400_000],
    ] as const)
      expect((loadSigmaFile(base.replace("X", t)).root as CorrelationRule).timespanMs).toBe(ms);
    expect(loadError(base.replace("X", "2d"))).toContain("at most 24h");
    expect(loadError(base.replace("X", "10M"))).toContain("timespan is required");
    expect(loadError(base.replace("X", "600"))).toContain("timespan is required");
  });

  it("names an unknown reference", () => {
    expect(loadError(SPEC_EXAMPLE.replace("        - successful_login\n", "        - no_such_rule\n"))).toContain(
      "refers to 'no_such_rule'",
    );
  });

  it("resolves a reference to a stored rule by name or id", () => {
    const yaml = `title: Many failed logins
correlation:
    type: event_count
    rules:
        - 53ba33fd-3a50-4468-a5ef-c583635cfa92
    group-by: [TargetUserName]
    timespan: 1m
    condition: { gte: 2 }
`;
    const stored = loadSigmaFile(FAILED_LOGIN).rules[0];
    const file = loadSigmaFile(yaml);
    const resolved = resolveCorrelation(
      file.root as CorrelationRule,
      fileLookup(file, (ref) => (ref === stored.id ? stored : undefined)),
    );
    expect(evaluateCorrelation(resolved, [failed(0, "a"), failed(1, "a")]).matches).toHaveLength(1);
  });

  it("still refuses several plain rules in one file, with the line of the second", () => {
    expect(loadError(`${FAILED_LOGIN}---\n${FAILED_LOGIN.replace("failed_login", "other")}`)).toMatch(
      /^line 11: one rule per document/,
    );
  });

  it("names the file line of an error inside a referenced rule", () => {
    const bad = SPEC_EXAMPLE.replace("            - 528\n", "            - 528\n        Image|nope: x\n");
    const line = bad.split("\n").findIndex((l) => l.includes("Image|nope")) + 1;
    expect(loadError(bad)).toContain(`line ${line}:`);
  });
});

describe("event_count and value_count agree with a brute-force count", () => {
  const yaml = (cond: string) => `title: Oracle
correlation:
    type: COND_TYPE
    rules: [failed_login]
    group-by: [TargetUserName]
    timespan: 1m
    condition: ${cond}
---
${FAILED_LOGIN}`;
  it("for any arrival of failures over users and hosts", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sec: fc.integer({ min: 0, max: 300 }),
            user: fc.constantFrom("a", "b"),
            host: fc.constantFrom("h1", "h2", "h3"),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 4 }),
        (raw, n) => {
          const sorted = [...raw].sort((x, y) => x.sec - y.sec);
          const events = sorted.map((r) => failed(r.sec, r.user, r.host));
          const inWindow = (i: number) =>
            sorted.filter(
              (r, j) => j <= i && r.user === sorted[i].user && r.sec * 1000 > sorted[i].sec * 1000 - 60_000,
            );
          const countIds = run(yaml(`{ gte: ${n} }`).replace("COND_TYPE", "event_count"), events).map((m) => m.eventId);
          expect(countIds).toEqual(events.filter((_, i) => inWindow(i).length >= n).map((e) => e.id));
          const valueIds = run(yaml(`{ field: Computer, gte: ${n} }`).replace("COND_TYPE", "value_count"), events).map(
            (m) => m.eventId,
          );
          expect(valueIds).toEqual(
            events.filter((_, i) => new Set(inWindow(i).map((r) => r.host)).size >= n).map((e) => e.id),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

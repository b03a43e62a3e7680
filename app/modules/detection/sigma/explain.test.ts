import { describe, expect, it } from "vitest";
import { describeRuleError, explainMatch, loadSigmaRule, matchEvent, SigmaRuleError } from "./index";
import { securityShareAccess, sysmonProcess } from "./fixtures/windows-events";

// SigmaHQ rules-placeholder/windows/builtin/security/win_security_remote_registry_management_via_reg.yml, unchanged
const REMOTE_REGISTRY = `title: Remote Registry Management Using Reg Utility
id: 68fcba0d-73a5-475e-a915-e8b4c576827e
status: test
description: Remote registry management using REG utility from non-admin workstation
references:
    - https://www.slideshare.net/heirhabarov/hunting-for-credentials-dumping-in-windows-environment
author: Teymur Kheirkhabarov, oscd.community
date: 2019-10-22
modified: 2023-12-15
tags:
    - attack.credential-access
    - attack.defense-evasion
    - attack.discovery
    - attack.s0075
    - attack.t1012
    - attack.t1112
    - attack.t1552.002
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 5145
        RelativeTargetName|contains: '\\winreg'
    filter_main:
        IpAddress|expand: '%Admins_Workstations%'
    condition: selection and not filter_main
falsepositives:
    - Legitimate usage of remote registry management by administrator
level: medium
`;

function loadError(yaml: string, placeholders?: Record<string, string[]>): string {
  try {
    loadSigmaRule(yaml, { placeholders });
  } catch (e) {
    expect(e).toBeInstanceOf(SigmaRuleError);
    return describeRuleError(e as SigmaRuleError);
  }
  throw new Error("the rule loaded");
}

describe("|expand placeholders", () => {
  it("refuses a SigmaHQ rule whose placeholder the tenant has not defined, naming it and where to add it", () => {
    const msg = loadError(REMOTE_REGISTRY);
    expect(msg).toMatch(/^line 26: .*Placeholder %Admins_Workstations% is not defined: add it under SIEM\/SOAR/);
    expect(loadError(REMOTE_REGISTRY, { Other: ["x"] })).toContain("%Admins_Workstations% is not defined");
  });

  it("resolves the placeholder from the tenant's list: events from an admin workstation are filtered out", () => {
    const rule = loadSigmaRule(REMOTE_REGISTRY, { placeholders: { Admins_Workstations: ["10.0.0.5", "10.0.0.6"] } });
    expect(matchEvent(rule, securityShareAccess("10.0.0.9", "winreg"))).toBe(false); // 'contains \\winreg' needs the backslash
    expect(matchEvent(rule, securityShareAccess("10.0.0.9", "\\winreg"))).toBe(true);
    expect(matchEvent(rule, securityShareAccess("10.0.0.5", "\\winreg"))).toBe(false);
    expect(matchEvent(rule, securityShareAccess("10.0.0.6", "\\winreg"))).toBe(false);
  });

  it("expands placeholders inside a value and keeps the other modifiers; an empty list is refused", () => {
    const yaml = `title: t\nlogsource:\n  product: windows\n  category: process_creation\ndetection:\n  sel:\n    Image|expand|endswith: '\\\\%tools%.exe'\n  condition: sel\n`;
    const rule = loadSigmaRule(yaml, { placeholders: { tools: ["psexec", "paexec*"] } });
    expect(matchEvent(rule, sysmonProcess("C:\\Temp\\PsExec.exe", "x"))).toBe(true);
    expect(matchEvent(rule, sysmonProcess("C:\\Temp\\PAExec-64.exe", "x"))).toBe(true);
    expect(matchEvent(rule, sysmonProcess("C:\\Temp\\cmd.exe", "x"))).toBe(false);
    expect(loadError(yaml, { tools: [] })).toContain("Placeholder %tools% has no values");
  });

  it("leaves %text% without |expand literal, as the specification says", () => {
    const yaml = `title: t\nlogsource:\n  product: windows\n  category: process_creation\ndetection:\n  sel:\n    CommandLine|contains: '%APPDATA%'\n  condition: sel\n`;
    const rule = loadSigmaRule(yaml);
    expect(matchEvent(rule, sysmonProcess("C:\\a.exe", "copy %APPDATA%\\x"))).toBe(true);
  });
});

describe("explainMatch", () => {
  const rule = loadSigmaRule(REMOTE_REGISTRY, { placeholders: { Admins_Workstations: ["10.0.0.5"] } });

  it("says which selection failed and shows the compared values", () => {
    const ex = explainMatch(rule, securityShareAccess("10.0.0.9", "winreg"));
    expect(ex.matched).toBe(false);
    expect(ex.logsource).toMatchObject({ required: "windows||security", matched: true });
    const sel = ex.selections.find((s) => s.name === "selection")!;
    expect(sel.matched).toBe(false);
    expect(sel.alternatives[0].items).toEqual([
      { field: "EventID", modifiers: [], expected: [5145], actual: 5145, matched: true },
      {
        field: "RelativeTargetName",
        modifiers: ["contains"],
        expected: ["\\winreg"],
        actual: "winreg",
        matched: false,
      },
    ]);
    const filter = ex.selections.find((s) => s.name === "filter_main")!;
    expect(filter.alternatives[0].items[0]).toMatchObject({
      field: "IpAddress",
      modifiers: ["expand"],
      expected: ["%Admins_Workstations%"],
      actual: "10.0.0.9",
      matched: false,
    });
    expect(ex.conditions).toEqual([{ text: "selection and not filter_main", matched: false }]);
  });

  it("shows a filter that excluded the event", () => {
    const ex = explainMatch(rule, securityShareAccess("10.0.0.5", "\\winreg"));
    expect(ex.selections.map((s) => [s.name, s.matched])).toEqual([
      ["selection", true],
      ["filter_main", true],
    ]);
    expect(ex.conditions[0].matched).toBe(false);
    expect(ex.matched).toBe(false);
  });

  it("reports a logsource the event does not satisfy even when the selections match", () => {
    const procRule = loadSigmaRule(
      `title: t\nlogsource:\n  product: windows\n  category: process_creation\ndetection:\n  sel:\n    - EventID: 5145\n    - keyword\n  condition: sel\n`,
    );
    const ex = explainMatch(procRule, securityShareAccess("10.0.0.9", "\\winreg"));
    expect(ex.selections[0].matched).toBe(true);
    expect(ex.conditions[0].matched).toBe(true);
    expect(ex.logsource.matched).toBe(false);
    expect(ex.matched).toBe(false);
    // a list of a map and keywords: two alternatives, the keywords tested against every value of the event
    expect(ex.selections[0].alternatives[1].items[0]).toMatchObject({
      field: null,
      expected: ["keyword"],
      matched: false,
    });
  });

  it("always agrees with matchEvent", () => {
    const events = [
      securityShareAccess("10.0.0.9", "\\winreg"),
      securityShareAccess("10.0.0.5", "\\winreg"),
      securityShareAccess("10.0.0.9", "\\srvsvc"),
      sysmonProcess("C:\\a.exe", "\\winreg"),
    ];
    for (const e of events) expect(explainMatch(rule, e).matched).toBe(matchEvent(rule, e));
  });
});

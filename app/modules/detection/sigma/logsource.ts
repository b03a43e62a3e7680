/**
 * Logsource gating: which events a rule may see. A rule's `logsource` (product, category, service) is turned into a
 * key; each event is classified into the set of keys it satisfies, so a rule never runs on events of another
 * logsource. The Windows mappings follow pySigma's sysmon and windows pipelines (category -> Sysmon EventID,
 * service -> Channel) plus Security 4688 for process creation with the field renames of the windows-audit mapping.
 * Linux: Sysmon for Linux by EventID, auditd and syslog by their field names. Other JSON events state their own
 * `product` / `category` / `service` (or `logsource: {...}`).
 */

import { SYSLOG_FIELD } from "~/modules/events";

export interface LogSource {
  product?: string;
  category?: string;
  service?: string;
}

export const SYSMON_CHANNEL = "Microsoft-Windows-Sysmon/Operational";

/** Sysmon EventID -> Sigma categories (pySigma sysmon pipeline). */
const SYSMON_CATEGORIES: Record<number, string[]> = {
  1: ["process_creation"],
  2: ["file_change"],
  3: ["network_connection"],
  4: ["sysmon_status"],
  5: ["process_termination"],
  6: ["driver_load"],
  7: ["image_load"],
  8: ["create_remote_thread"],
  9: ["raw_access_thread"],
  10: ["process_access"],
  11: ["file_event"],
  12: ["registry_add", "registry_delete", "registry_event"],
  13: ["registry_set", "registry_event"],
  14: ["registry_rename", "registry_event"],
  15: ["create_stream_hash"],
  16: ["sysmon_status"],
  17: ["pipe_created"],
  18: ["pipe_created"],
  19: ["wmi_event"],
  20: ["wmi_event"],
  21: ["wmi_event"],
  22: ["dns_query"],
  23: ["file_delete"],
  24: ["clipboard_capture"],
  25: ["process_tampering"],
  26: ["file_delete", "file_delete_detected"],
  27: ["file_block_executable"],
  28: ["file_block_shredding"],
  29: ["file_executable_detected"],
  255: ["sysmon_error"],
};

/** Sigma `service` -> Windows channel (pySigma windows pipeline). */
export const WINDOWS_SERVICES: Record<string, string[]> = {
  security: ["Security"],
  application: ["Application"],
  system: ["System"],
  sysmon: [SYSMON_CHANNEL],
  powershell: ["Microsoft-Windows-PowerShell/Operational"],
  "powershell-classic": ["Windows PowerShell"],
  taskscheduler: ["Microsoft-Windows-TaskScheduler/Operational"],
  wmi: ["Microsoft-Windows-WMI-Activity/Operational"],
  "dns-server": ["DNS Server"],
  "dns-server-audit": ["Microsoft-Windows-DNS-Server/Audit"],
  "driver-framework": ["Microsoft-Windows-DriverFrameworks-UserMode/Operational"],
  ntlm: ["Microsoft-Windows-NTLM/Operational"],
  dhcp: ["Microsoft-Windows-DHCP-Server/Operational"],
  "msexchange-management": ["MSExchange Management"],
  applocker: [
    "Microsoft-Windows-AppLocker/MSI and Script",
    "Microsoft-Windows-AppLocker/EXE and DLL",
    "Microsoft-Windows-AppLocker/Packaged app-Deployment",
    "Microsoft-Windows-AppLocker/Packaged app-Execution",
  ],
  "printservice-admin": ["Microsoft-Windows-PrintService/Admin"],
  "printservice-operational": ["Microsoft-Windows-PrintService/Operational"],
  "codeintegrity-operational": ["Microsoft-Windows-CodeIntegrity/Operational"],
  "smbclient-security": ["Microsoft-Windows-SmbClient/Security"],
  "smbclient-connectivity": ["Microsoft-Windows-SmbClient/Connectivity"],
  "firewall-as": ["Microsoft-Windows-Windows Firewall With Advanced Security/Firewall"],
  "bits-client": ["Microsoft-Windows-Bits-Client/Operational"],
  windefend: ["Microsoft-Windows-Windows Defender/Operational"],
  "terminalservices-localsessionmanager": ["Microsoft-Windows-TerminalServices-LocalSessionManager/Operational"],
  "microsoft-servicebus-client": ["Microsoft-ServiceBus-Client"],
  ldap_debug: ["Microsoft-Windows-LDAP-Client/Debug"],
  "security-mitigations": [
    "Microsoft-Windows-Security-Mitigations/Kernel Mode",
    "Microsoft-Windows-Security-Mitigations/User Mode",
  ],
  "diagnosis-scripted": ["Microsoft-Windows-Diagnosis-Scripted/Operational"],
  "shell-core": ["Microsoft-Windows-Shell-Core/Operational"],
  openssh: ["OpenSSH/Operational"],
  bitlocker: ["Microsoft-Windows-BitLocker/BitLocker Management"],
  vhdmp: ["Microsoft-Windows-VHDMP/Operational"],
  "appxdeployment-server": ["Microsoft-Windows-AppXDeploymentServer/Operational"],
  "lsa-server": ["Microsoft-Windows-LSA/Operational"],
  "appxpackaging-om": ["Microsoft-Windows-AppxPackaging/Operational"],
  "dns-client": ["Microsoft-Windows-DNS Client Events/Operational"],
  "appmodel-runtime": ["Microsoft-Windows-AppModel-Runtime/Admin"],
  capi2: ["Microsoft-Windows-CAPI2/Operational"],
  "certificateservicesclient-lifecycle-system": [
    "Microsoft-Windows-CertificateServicesClient-Lifecycle-System/Operational",
  ],
  "kernel-shimengine": ["Microsoft-Windows-Kernel-ShimEngine/Operational"],
};

const CHANNEL_TO_SERVICES = new Map<string, string[]>();
for (const [service, channels] of Object.entries(WINDOWS_SERVICES)) {
  for (const c of channels) {
    const key = c.toLowerCase();
    CHANNEL_TO_SERVICES.set(key, [...(CHANNEL_TO_SERVICES.get(key) ?? []), service]);
  }
}

/** PowerShell categories (pySigma windows pipeline): channel + EventID. */
const POWERSHELL_CATEGORIES: Array<{ channel: string; ids: number[]; category: string }> = [
  { channel: "microsoft-windows-powershell/operational", ids: [4103], category: "ps_module" },
  { channel: "microsoft-windows-powershell/operational", ids: [4104], category: "ps_script" },
  { channel: "windows powershell", ids: [400], category: "ps_classic_start" },
  { channel: "windows powershell", ids: [600], category: "ps_classic_provider_start" },
  { channel: "windows powershell", ids: [800], category: "ps_classic_script" },
];

/** Security 4688 -> Sysmon process creation field names (windows-audit mapping); read as `rule field -> 4688 field`. */
export const SECURITY_4688_RENAMES: Record<string, string> = {
  Image: "NewProcessName",
  ParentImage: "ParentProcessName",
  User: "SubjectUserName",
  LogonId: "SubjectLogonId",
  ProcessId: "NewProcessId",
  ParentProcessId: "ProcessId",
  IntegrityLevel: "__IntegrityLevel",
};

const MANDATORY_LABELS: Record<string, string> = {
  "S-1-16-0": "Untrusted",
  "S-1-16-4096": "Low",
  "S-1-16-8192": "Medium",
  "S-1-16-8448": "Medium",
  "S-1-16-12288": "High",
  "S-1-16-16384": "System",
  "S-1-16-20480": "Protected",
};

/** Fields that mark auditd records (type=SYSCALL / EXECVE / ...). */
const AUDITD_MARKERS = ["syscall", "auid", "a0", "exe", "proctitle"];

export function logsourceKey(ls: LogSource): string {
  return `${(ls.product ?? "").toLowerCase()}|${(ls.category ?? "").toLowerCase()}|${(ls.service ?? "").toLowerCase()}`;
}

/** The flattened view of one event that rules read, with what gating needs. */
export interface EventView {
  fields: Record<string, unknown>;
  raw: unknown;
  /** Security 4688: process_creation rules read through SECURITY_4688_RENAMES. */
  is4688: boolean;
  keys: string[];
  strings?: string[];
}

const asNum = (v: unknown): number | undefined => {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** Windows events of one channel and EventID always get the same keys: computed once. */
const windowsKeyCache = new Map<string, { keys: string[]; is4688: boolean }>();

/** The keys (product|category|service) an event satisfies, from the most to the least specific. */
export function classify(fields: Record<string, unknown>): { keys: string[]; is4688: boolean } {
  const channelRaw = fields.Channel;
  if (typeof channelRaw === "string" && channelRaw.length < 200) {
    const id = asNum(fields.EventID);
    // Sysmon 12's category depends on its EventType too (registry_add vs registry_delete)
    const cacheKey = `${channelRaw}\u0000${id ?? ""}${id === 12 ? `\u0000${str(fields.EventType) ?? ""}` : ""}`;
    let hit = windowsKeyCache.get(cacheKey);
    if (!hit) {
      hit = classifyUncached(fields);
      if (windowsKeyCache.size > 10_000) windowsKeyCache.clear();
      windowsKeyCache.set(cacheKey, hit);
    }
    return hit;
  }
  return classifyUncached(fields);
}

/**
 * Sysmon EventID 12 is "registry object added or deleted": its EventType says which (pySigma's sysmon pipeline maps
 * registry_add to EventType CreateKey and registry_delete to DeleteKey/DeleteValue). An event 12 without an EventType
 * stays in both, as before.
 */
function sysmonCategories(eventId: number | undefined, fields: Record<string, unknown>): readonly string[] {
  if (eventId === undefined) return [];
  const base = SYSMON_CATEGORIES[eventId] ?? [];
  if (eventId !== 12) return base;
  const type = str(fields.EventType)?.toLowerCase();
  if (type === undefined || type === "") return base;
  if (type.startsWith("create")) return ["registry_add", "registry_event"];
  if (type.startsWith("delete")) return ["registry_delete", "registry_event"];
  return ["registry_event"];
}

function classifyUncached(fields: Record<string, unknown>): { keys: string[]; is4688: boolean } {
  const products = new Set<string>([""]);
  const categories = new Set<string>([""]);
  const services = new Set<string>([""]);
  let is4688 = false;
  const channel = str(fields.Channel)?.toLowerCase();
  const eventId = asNum(fields.EventID);
  if (channel !== undefined) {
    if (channel === "linux-sysmon/operational") {
      products.add("linux");
      services.add("sysmon");
      for (const c of sysmonCategories(eventId, fields)) categories.add(c);
    } else {
      products.add("windows");
      for (const s of CHANNEL_TO_SERVICES.get(channel) ?? []) services.add(s);
      if (channel === SYSMON_CHANNEL.toLowerCase() && eventId !== undefined)
        for (const c of sysmonCategories(eventId, fields)) categories.add(c);
      if (channel === "security" && eventId === 4688) {
        categories.add("process_creation");
        is4688 = true;
      }
      for (const p of POWERSHELL_CATEGORIES)
        if (p.channel === channel && eventId !== undefined && p.ids.includes(eventId)) categories.add(p.category);
    }
  } else {
    const type = str(fields.type);
    const source = `${str(fields.source) ?? ""} ${str(fields.sourcetype) ?? ""}`.toLowerCase();
    const auditd =
      source.includes("audit") ||
      (type !== undefined && /^[A-Z_]+$/.test(type) && AUDITD_MARKERS.some((m) => fields[m] !== undefined));
    if (auditd) {
      products.add("linux");
      services.add("auditd");
    }
    // The syslog parser's APP-NAME (SYSLOG_FIELD, the one mapping), then other shippers' names for it.
    const app =
      str(fields[SYSLOG_FIELD.app]) ??
      str(fields.appname) ??
      str(fields.app_name) ??
      str(fields.program) ??
      str(fields.ident);
    const facility = fields[SYSLOG_FIELD.facility];
    if (!auditd && (app !== undefined || facility !== undefined || source.includes("syslog"))) {
      products.add("linux");
      services.add("syslog");
      if (app) services.add(app.toLowerCase().replace(/\[\d+\]$/, ""));
      if (facility === "auth" || facility === "authpriv" || facility === 4 || facility === 10) services.add("auth");
    }
    // generic JSON: the event names its own logsource
    const ls = (typeof fields.logsource === "object" && fields.logsource) || fields;
    const declared = ls as Record<string, unknown>;
    for (const [set, name] of [
      [products, "product"],
      [categories, "category"],
      [services, "service"],
    ] as const) {
      const v = str(declared[name]);
      if (v) set.add(v.toLowerCase());
    }
  }
  const keys: string[] = [];
  for (const p of products) for (const c of categories) for (const s of services) keys.push(`${p}|${c}|${s}`);
  return { keys, is4688 };
}

function unwrap(v: unknown): unknown {
  if (v && typeof v === "object" && !Array.isArray(v) && "#text" in (v as object))
    return (v as Record<string, unknown>)["#text"];
  return v;
}

/** Flattens evtx_dump JSON (`{Event:{System,EventData,UserData}}`); other JSON is read as it is. */
export function flattenEvent(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { message: raw === undefined ? "" : raw };
  const obj = raw as Record<string, unknown>;
  const ev = obj.Event as Record<string, unknown> | undefined;
  if (!ev || typeof ev !== "object" || !ev.System || typeof ev.System !== "object") return obj;
  const out: Record<string, unknown> = {};
  const system = ev.System as Record<string, unknown>;
  for (const [k, v] of Object.entries(system)) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if ("#text" in o) out[k] = o["#text"];
      const attrs = o["#attributes"] as Record<string, unknown> | undefined;
      if (attrs && typeof attrs === "object") for (const [a, av] of Object.entries(attrs)) out[`${k}_${a}`] = av;
    } else out[k] = v;
  }
  const addData = (data: unknown) => {
    if (!data || typeof data !== "object") return;
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      // System fields win: 104 "log cleared" carries the cleared log's name as UserData Channel
      if (k === "#attributes" || k in out) continue;
      out[k] = unwrap(v);
    }
  };
  addData(ev.EventData);
  if (ev.UserData && typeof ev.UserData === "object") {
    for (const inner of Object.values(ev.UserData as Record<string, unknown>)) addData(inner);
  }
  // top-level fields that a shipper added (host, tags ...) stay readable unless the event defines them
  for (const [k, v] of Object.entries(obj)) if (k !== "Event" && !(k in out)) out[k] = v;
  return out;
}

export function toEventView(raw: unknown): EventView {
  return viewOfFields(flattenEvent(raw), raw);
}

/**
 * The view of already flattened fields (the event store's `fields`): what streaming detection and retro-hunts both
 * use. `fields` is not modified.
 */
export function viewOfFields(input: Record<string, unknown>, raw: unknown = input): EventView {
  let fields = input;
  const { keys, is4688 } = classify(fields);
  if (is4688) {
    fields = { ...fields };
    const label = str(fields.MandatoryLabel);
    fields.__IntegrityLevel = label ? (MANDATORY_LABELS[label.toUpperCase()] ?? label) : undefined;
  }
  return { fields, raw, is4688, keys };
}

/** Every scalar string value of the event (for keyword selections), folded to lower case. */
export function eventStrings(view: EventView): string[] {
  if (view.strings) return view.strings;
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (typeof v === "string") out.push(v.toLowerCase());
    else if (typeof v === "number" || typeof v === "boolean") out.push(String(v));
    else if (depth < 8 && v && typeof v === "object")
      for (const x of Array.isArray(v) ? v : Object.values(v as object)) walk(x, depth + 1);
  };
  for (const [k, v] of Object.entries(view.fields)) if (!k.startsWith("__")) walk(v, 0);
  view.strings = out;
  return out;
}

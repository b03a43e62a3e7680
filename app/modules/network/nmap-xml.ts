/**
 * Reads Nmap's XML output (`nmap -oX`, nmap.dtd 1.05) into plain hosts, ports and script results. Runs in the
 * parse worker (parse-worker.ts), never on the event loop, and is linear in the input:
 * - fast-xml-parser with entity processing off: a DOCTYPE's entities are never expanded (no "billion laughs");
 *   the five XML entities and numeric character references Nmap writes (`&#xa;`, `&lt;`, `&#45;&#45;`) are
 *   decoded here by one regular-expression pass per value;
 * - caps on bytes, hosts, ports and script output (limits below), past which the file is refused, not truncated;
 * - the quirks of real files: ports without a `<service>`, binary banners escaped in `servicefp`, attribute values
 *   with stray spaces, hosts that are down, several addresses (ipv4, ipv6, mac), user and PTR hostnames,
 *   `<extraports>` summaries, host-level scripts (`<hostscript>`, where smb-security-mode reports).
 */
import { XMLParser } from "fast-xml-parser";

export const MAX_SCAN_BYTES = 16 * 1024 * 1024;
export const MAX_HOSTS = 4096;
export const MAX_PORTS = 65_536;
const MAX_SCRIPT_OUTPUT = 16_384;
const MAX_TABLE_DEPTH = 8;
const MAX_ELEMS_PER_SCRIPT = 2_000;

export type ScriptResult = {
  id: string;
  output: string;
  /** Every `<elem>` by its path of table keys ("validity/notAfter", "TLSv1.2/ciphers//name"). */
  elems: Array<[string, string]>;
  /** The script's top-level table keys (ssl-enum-ciphers: the protocol versions). */
  tables: string[];
};

export type NmapPort = {
  port: number;
  protocol: string;
  state: string;
  service: string | null;
  product: string | null;
  version: string | null;
  extrainfo: string | null;
  tunnel: string | null;
  cpe: string[];
  scripts: ScriptResult[];
};

export type NmapHost = {
  /** The ipv4 address, else the ipv6, else the mac. */
  address: string;
  addresses: Array<{ addr: string; type: string }>;
  hostnames: string[];
  status: string;
  ports: NmapPort[];
  extraports: Array<{ state: string; count: number }>;
  hostScripts: ScriptResult[];
};

export type NmapScan = {
  /** When Nmap started (unix ms), or null when the file does not say. */
  startedAt: number | null;
  args: string | null;
  version: string | null;
  hosts: NmapHost[];
  /** Hosts Nmap reported down (kept out of `hosts`). */
  hostsDown: number;
};

/** A file that is not Nmap XML, or beyond the limits; `status` 400 or 413. */
export class NmapXmlError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export const NOT_NMAP_XML = "This file is not Nmap XML output: run nmap with -oX <file> and upload that file.";
export const TOO_LARGE = `The scan is larger than ${MAX_SCAN_BYTES / 1024 / 1024} MB: split it by target range and upload each part.`;

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : "\uFFFD";
}

/** The XML-predefined entities and character references, decoded (nothing else: no DTD entity is defined). */
export function decodeXmlText(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
    hex ? codePoint(parseInt(hex, 16)) : dec ? codePoint(parseInt(dec, 10)) : NAMED[name!]!,
  );
}

type Node = Record<string, unknown>;
const ARRAYS = new Set(["host", "address", "hostname", "port", "script", "elem", "table", "extraports", "cpe"]);

function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "object") return text((v as Node)["#text"]);
  const s = decodeXmlText(String(v)).trim();
  return s === "" ? null : s;
}

function attr(node: unknown, name: string): string | null {
  if (!node || typeof node !== "object") return null;
  return text((node as Node)[name]);
}

function list(node: unknown, name: string): unknown[] {
  if (!node || typeof node !== "object") return [];
  const v = (node as Node)[name];
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

function readTable(node: unknown, prefix: string, depth: number, out: ScriptResult["elems"]) {
  if (depth > MAX_TABLE_DEPTH || out.length >= MAX_ELEMS_PER_SCRIPT) return;
  for (const elem of list(node, "elem")) {
    if (out.length >= MAX_ELEMS_PER_SCRIPT) return;
    const key = attr(elem, "key") ?? "";
    out.push([prefix ? `${prefix}/${key}` : key, (text(elem) ?? "").slice(0, MAX_SCRIPT_OUTPUT)]);
  }
  for (const table of list(node, "table")) {
    const key = attr(table, "key") ?? "";
    readTable(table, prefix ? `${prefix}/${key}` : key, depth + 1, out);
  }
}

function readScripts(node: unknown): ScriptResult[] {
  return list(node, "script").map((s) => {
    const elems: ScriptResult["elems"] = [];
    readTable(s, "", 0, elems);
    return {
      id: attr(s, "id") ?? "",
      output: (attr(s, "output") ?? "").slice(0, MAX_SCRIPT_OUTPUT),
      elems,
      tables: list(s, "table")
        .map((t) => attr(t, "key"))
        .filter((k): k is string => !!k),
    };
  });
}

function portNumber(v: string | null): number | null {
  if (!v || !/^\d{1,5}$/.test(v)) return null;
  const n = Number(v);
  return n >= 0 && n <= 65_535 ? n : null;
}

function readPort(p: unknown): NmapPort | null {
  const port = portNumber(attr(p, "portid"));
  if (port === null) return null;
  const service = (p as Node)["service"];
  const cpe = list(service, "cpe")
    .map(text)
    .filter((c): c is string => !!c)
    .slice(0, 16);
  return {
    port,
    protocol: (attr(p, "protocol") ?? "tcp").toLowerCase(),
    state: attr((p as Node)["state"], "state") ?? "unknown",
    service: attr(service, "name"),
    product: attr(service, "product"),
    version: attr(service, "version"),
    extrainfo: attr(service, "extrainfo"),
    tunnel: attr(service, "tunnel"),
    cpe,
    scripts: readScripts(p),
  };
}

function readHost(h: unknown, budget: { ports: number }): NmapHost {
  const addresses = list(h, "address")
    .map((a) => ({ addr: attr(a, "addr") ?? "", type: (attr(a, "addrtype") ?? "ipv4").toLowerCase() }))
    .filter((a) => a.addr);
  const pick = (type: string) => addresses.find((a) => a.type === type)?.addr;
  const hostnames = [
    ...new Set(
      list((h as Node)["hostnames"], "hostname")
        .map((n) => attr(n, "name"))
        .filter((n): n is string => !!n),
    ),
  ];
  const portsNode = (h as Node)["ports"];
  const ports: NmapPort[] = [];
  for (const p of list(portsNode, "port")) {
    if (--budget.ports < 0)
      throw new NmapXmlError(`The scan lists more than ${MAX_PORTS} ports: split it and upload each part.`, 413);
    const port = readPort(p);
    if (port) ports.push(port);
  }
  return {
    address: pick("ipv4") ?? pick("ipv6") ?? pick("mac") ?? hostnames[0] ?? "",
    addresses,
    hostnames,
    status: attr((h as Node)["status"], "state") ?? "unknown",
    ports,
    extraports: list(portsNode, "extraports").map((e) => ({
      state: attr(e, "state") ?? "",
      count: Number(attr(e, "count") ?? 0) || 0,
    })),
    hostScripts: readScripts((h as Node)["hostscript"]),
  };
}

/** Parses Nmap XML. Throws NmapXmlError (400 not Nmap XML, 413 beyond the limits). */
export function parseNmapXml(xml: string): NmapScan {
  if (Buffer.byteLength(xml, "utf8") > MAX_SCAN_BYTES) throw new NmapXmlError(TOO_LARGE, 413);
  if (!/<nmaprun[\s>]/.test(xml.slice(0, 65_536))) throw new NmapXmlError(NOT_NMAP_XML);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    alwaysCreateTextNode: false,
    isArray: (name) => ARRAYS.has(name),
  });
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    throw new NmapXmlError(NOT_NMAP_XML);
  }
  const run = doc["nmaprun"];
  if (!run || typeof run !== "object") throw new NmapXmlError(NOT_NMAP_XML);
  const rawHosts = list(run, "host");
  if (rawHosts.length > MAX_HOSTS)
    throw new NmapXmlError(`The scan lists more than ${MAX_HOSTS} hosts: split it and upload each part.`, 413);
  const budget = { ports: MAX_PORTS };
  const all = rawHosts.map((h) => readHost(h, budget)).filter((h) => h.address);
  const up = all.filter((h) => h.status !== "down");
  const start = Number(attr(run, "start"));
  return {
    startedAt: Number.isFinite(start) && start > 0 ? start * 1000 : null,
    args: attr(run, "args"),
    version: attr(run, "version"),
    hosts: up,
    hostsDown: all.length - up.length,
  };
}

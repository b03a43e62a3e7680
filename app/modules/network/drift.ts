/**
 * Drift between two scans, as Nmap's ndiff shows it: per host and port (protocol included), what is open now
 * and was not open before (opened), what was open and no longer is, or whose host is gone from the later scan
 * (closed), and what stayed open with another product or version (changed). Only `open` counts as open:
 * open|filtered and filtered are what Nmap could not confirm.
 */
export type ScanPort = {
  port: number;
  protocol: string;
  state: string;
  service: string | null;
  product: string | null;
  version: string | null;
  cpe: string | null;
};
export type ScanHost = { address: string; hostnames: string[]; ports: ScanPort[] };

export type PortRef = { host: string; port: number; service: string | null };
export type VersionChange = {
  host: string;
  port: number;
  from: { product: string | null; version: string | null };
  to: { product: string | null; version: string | null };
};
export type Changes = { opened: PortRef[]; closed: PortRef[]; changed: VersionChange[] };

function openPorts(hosts: ScanHost[]): Map<string, { host: string; p: ScanPort }> {
  const out = new Map<string, { host: string; p: ScanPort }>();
  for (const h of hosts)
    for (const p of h.ports)
      if (p.state === "open") out.set(`${h.address}\u0000${p.protocol}\u0000${p.port}`, { host: h.address, p });
  return out;
}

const order = (a: { host: string; port: number }, b: { host: string; port: number }) =>
  a.host.localeCompare(b.host) || a.port - b.port;

export function diffScans(before: ScanHost[], after: ScanHost[]): Changes {
  const was = openPorts(before);
  const now = openPorts(after);
  const opened: PortRef[] = [];
  const closed: PortRef[] = [];
  const changed: VersionChange[] = [];
  for (const [key, { host, p }] of now) {
    const old = was.get(key);
    if (!old) opened.push({ host, port: p.port, service: p.service });
    else if ((old.p.product ?? null) !== (p.product ?? null) || (old.p.version ?? null) !== (p.version ?? null))
      changed.push({
        host,
        port: p.port,
        from: { product: old.p.product, version: old.p.version },
        to: { product: p.product, version: p.version },
      });
  }
  for (const [key, { host, p }] of was) if (!now.has(key)) closed.push({ host, port: p.port, service: p.service });
  return { opened: opened.sort(order), closed: closed.sort(order), changed: changed.sort(order) };
}

/**
 * Exposure checks over one parsed Nmap scan (issue 36). Each check has an id, a severity and a remediation
 * (CHECKS, the one catalogue the API, the page and the docs read). Rules come from common hardening guidance
 * (CIS Controls 4.4/12.2: no remote administration or data stores reachable from untrusted networks; NCSC TLS
 * guidance: TLS 1.2 or later; Microsoft's SMB signing guidance) and from what Nmap itself grades:
 * - remote administration: SSH only when ssh-auth-methods shows password authentication, RDP (3389), VNC
 *   (5900-5999), Telnet (23), by service name or by port;
 * - databases and caches (MySQL, PostgreSQL, MongoDB, Elasticsearch, Redis, Memcached), by service or port;
 * - SMB signing not required (smb-security-mode's message_signing, smb2-security-mode's output);
 * - weak TLS: SSLv3/TLSv1.0/TLSv1.1 offered, or ssl-enum-ciphers' least strength below B;
 * - certificates (ssl-cert): expired, expiring within 30 days, self-signed (subject equals issuer);
 * - known vulnerabilities by CPE: answered by a lookup the caller passes (the OSV data where it exists); a
 *   service that cannot be checked is listed as "not checked", never as clean.
 * Only open ports are checked.
 */
import type { NmapHost, NmapPort, NmapScan, ScriptResult } from "./nmap-xml";

export type FindingSeverity = "info" | "low" | "medium" | "high" | "critical";

export type CheckId =
  | "ssh-password-auth"
  | "rdp-exposed"
  | "vnc-exposed"
  | "telnet-exposed"
  | "database-exposed"
  | "cache-exposed"
  | "smb-signing-not-required"
  | "tls-weak-protocol"
  | "tls-weak-cipher"
  | "cert-expired"
  | "cert-expiring"
  | "cert-self-signed"
  | "known-vulnerabilities"
  | "vulnerabilities-not-checked";

export type CheckDefinition = { severity: FindingSeverity; title: string; remediation: string; risky: boolean };

/** The catalogue. `risky`: a newly exposed service of this kind raises an alert. */
export const CHECKS: Record<CheckId, CheckDefinition> = {
  "ssh-password-auth": {
    severity: "high",
    title: "SSH accepts password sign-in",
    remediation: "Set PasswordAuthentication no in sshd_config and use keys; restrict SSH to a VPN or bastion host.",
    risky: true,
  },
  "rdp-exposed": {
    severity: "high",
    title: "Remote Desktop (RDP) is reachable",
    remediation: "Put RDP behind a VPN or Remote Desktop Gateway with MFA; block 3389 at the firewall.",
    risky: true,
  },
  "vnc-exposed": {
    severity: "high",
    title: "VNC remote desktop is reachable",
    remediation: "Block VNC ports (5900+) at the firewall; reach it only through an SSH tunnel or VPN.",
    risky: true,
  },
  "telnet-exposed": {
    severity: "critical",
    title: "Telnet is reachable (credentials travel in clear text)",
    remediation: "Disable Telnet and use SSH with key authentication instead.",
    risky: true,
  },
  "database-exposed": {
    severity: "high",
    title: "A database is reachable from the scanned network",
    remediation:
      "Bind the database to a private interface, allow only application hosts at the firewall and require authentication with TLS.",
    risky: true,
  },
  "cache-exposed": {
    severity: "high",
    title: "A cache server is reachable from the scanned network",
    remediation:
      "Bind Redis/Memcached to localhost or a private interface, enable authentication (Redis requirepass/ACLs) and firewall the port.",
    risky: true,
  },
  "smb-signing-not-required": {
    severity: "medium",
    title: "SMB message signing is not required",
    remediation:
      'Require SMB signing (Group Policy "Microsoft network server: Digitally sign communications (always)"; Samba: server signing = mandatory).',
    risky: false,
  },
  "tls-weak-protocol": {
    severity: "medium",
    title: "An obsolete TLS/SSL version is offered",
    remediation: "Disable SSLv3, TLS 1.0 and TLS 1.1; offer TLS 1.2 and 1.3 only.",
    risky: false,
  },
  "tls-weak-cipher": {
    severity: "medium",
    title: "Weak TLS ciphers or certificate signature (Nmap grade below B)",
    remediation:
      "Offer only AEAD cipher suites with forward secrecy (ECDHE with AES-GCM or ChaCha20) and a SHA-256 (or better) certificate.",
    risky: false,
  },
  "cert-expired": {
    severity: "high",
    title: "The TLS certificate has expired",
    remediation: "Renew the certificate and automate renewal (ACME).",
    risky: false,
  },
  "cert-expiring": {
    severity: "medium",
    title: "The TLS certificate expires within 30 days",
    remediation: "Renew the certificate now and automate renewal (ACME).",
    risky: false,
  },
  "cert-self-signed": {
    severity: "medium",
    title: "The TLS certificate is self-signed",
    remediation: "Use a certificate from a public or internal CA that clients trust.",
    risky: false,
  },
  "known-vulnerabilities": {
    severity: "high",
    title: "The service's version has known vulnerabilities",
    remediation: "Upgrade the service to a fixed version (see the advisories).",
    risky: false,
  },
  "vulnerabilities-not-checked": {
    severity: "info",
    title: "Known vulnerabilities not checked",
    remediation:
      "No advisory data covers this service's product and version; check the vendor's advisories, or rely on your distribution's security updates.",
    risky: false,
  },
};

export type Finding = {
  host: string;
  port: number | null;
  protocol: string | null;
  check: CheckId;
  title: string;
  severity: FindingSeverity;
  remediation: string;
  /** The service the finding is about (drift and alerts name it). */
  service: string | null;
};

/** A known-vulnerability lookup for one service: matches, or why it could not be checked. */
export type VulnLookup = (
  port: NmapPort,
) =>
  { checked: true; advisories: Array<{ id: string; severity: FindingSeverity }> } | { checked: false; reason: string };

const REMOTE_ADMIN: Array<{ check: CheckId; names: string[]; ports: (p: number) => boolean; label: string }> = [
  { check: "rdp-exposed", names: ["ms-wbt-server", "rdp"], ports: (p) => p === 3389, label: "RDP" },
  { check: "vnc-exposed", names: ["vnc", "vnc-http"], ports: (p) => p >= 5900 && p <= 5999, label: "VNC" },
  { check: "telnet-exposed", names: ["telnet"], ports: (p) => p === 23, label: "Telnet" },
];

const DATA_STORES: Array<{ check: CheckId; label: string; names: string[]; port: number; product?: RegExp }> = [
  { check: "database-exposed", label: "MySQL", names: ["mysql", "mariadb"], port: 3306 },
  { check: "database-exposed", label: "PostgreSQL", names: ["postgresql", "postgres"], port: 5432 },
  { check: "database-exposed", label: "MongoDB", names: ["mongodb", "mongod"], port: 27017 },
  {
    check: "database-exposed",
    label: "Elasticsearch",
    names: ["elasticsearch", "wap-wsp"],
    port: 9200,
    product: /elasticsearch/i,
  },
  { check: "cache-exposed", label: "Redis", names: ["redis"], port: 6379, product: /redis/i },
  { check: "cache-exposed", label: "Memcached", names: ["memcached", "memcache"], port: 11211 },
];

function script(scripts: ScriptResult[], id: string): ScriptResult | undefined {
  return scripts.find((s) => s.id === id);
}

function elem(s: ScriptResult, path: string): string | undefined {
  return s.elems.find(([k]) => k === path)?.[1];
}

/** ssl-cert's validity dates ("2027-11-27T13:41:10", UTC) as unix ms. */
function certDate(value: string | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(t) ? t : null;
}

const DAY = 86_400_000;
const WEAK_GRADES = new Set(["C", "D", "E", "F"]);

function finding(host: NmapHost, port: NmapPort | null, check: CheckId, detail?: string): Finding {
  const def = CHECKS[check];
  return {
    host: host.address,
    port: port?.port ?? null,
    protocol: port?.protocol ?? null,
    check,
    title: detail ? `${def.title}: ${detail}` : def.title,
    severity: def.severity,
    remediation: def.remediation,
    service: port ? serviceLabel(port) : null,
  };
}

/** What the page and drift call a port's service: the product if known, else Nmap's service name. */
export function serviceLabel(p: Pick<NmapPort, "service" | "product">): string {
  return p.product ?? p.service ?? "unknown";
}

function portFindings(host: NmapHost, p: NmapPort, now: number, vulns: VulnLookup | null): Finding[] {
  const out: Finding[] = [];
  const name = (p.service ?? "").toLowerCase();
  const ssh = script(p.scripts, "ssh-auth-methods");
  if (ssh && /\bpassword\b/i.test(ssh.output)) out.push(finding(host, p, "ssh-password-auth"));
  // By service name, or by the well-known port when Nmap could not name the service.
  const unnamed = !p.service || name === "unknown";
  for (const r of REMOTE_ADMIN)
    if (r.names.includes(name) || (unnamed && r.ports(p.port))) out.push(finding(host, p, r.check));
  for (const d of DATA_STORES) {
    const byName = d.names.includes(name) || (d.product?.test(p.product ?? "") ?? false);
    const byPort = p.port === d.port && unnamed;
    if (byName || byPort) {
      out.push(finding(host, p, d.check, `${d.label} on port ${p.port}`));
      break;
    }
  }
  const ciphers = script(p.scripts, "ssl-enum-ciphers");
  if (ciphers) {
    const weak = ciphers.tables.filter((t) => /^(SSLv2|SSLv3|TLSv1\.0|TLSv1\.1)$/.test(t));
    if (weak.length) out.push(finding(host, p, "tls-weak-protocol", weak.join(", ")));
    const least = elem(ciphers, "least strength");
    if (least && WEAK_GRADES.has(least.toUpperCase())) out.push(finding(host, p, "tls-weak-cipher", `grade ${least}`));
  }
  const cert = script(p.scripts, "ssl-cert");
  if (cert) {
    const notAfter = certDate(elem(cert, "validity/notAfter"));
    if (notAfter !== null && notAfter < now)
      out.push(finding(host, p, "cert-expired", `expired ${new Date(notAfter).toISOString().slice(0, 10)}`));
    else if (notAfter !== null && notAfter - now < 30 * DAY)
      out.push(finding(host, p, "cert-expiring", `expires ${new Date(notAfter).toISOString().slice(0, 10)}`));
    const subject = cert.elems.filter(([k]) => k.startsWith("subject/")).map(([k, v]) => `${k.slice(8)}=${v}`);
    const issuer = cert.elems.filter(([k]) => k.startsWith("issuer/")).map(([k, v]) => `${k.slice(7)}=${v}`);
    if (subject.length > 0 && subject.sort().join("\n") === issuer.sort().join("\n"))
      out.push(finding(host, p, "cert-self-signed", subject.join(", ")));
  }
  if (vulns && (p.product || p.cpe.length > 0)) {
    const r = vulns(p);
    if (!r.checked) out.push(finding(host, p, "vulnerabilities-not-checked", `${describe(p)} (${r.reason})`));
    else if (r.advisories.length > 0) {
      const worst = r.advisories.reduce((a, b) => (RANK[b.severity] > RANK[a.severity] ? b : a));
      out.push({
        ...finding(host, p, "known-vulnerabilities", `${describe(p)}: ${r.advisories.map((a) => a.id).join(", ")}`),
        severity: worst.severity === "info" ? "medium" : worst.severity,
      });
    }
  }
  return out;
}

function describe(p: NmapPort): string {
  return [p.product ?? p.service, p.version].filter(Boolean).join(" ");
}

export const RANK: Record<FindingSeverity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

function hostFindings(host: NmapHost): Finding[] {
  const out: Finding[] = [];
  const smb1 = script(host.hostScripts, "smb-security-mode");
  const smb2 = script(host.hostScripts, "smb2-security-mode");
  const signing1 = smb1 && (elem(smb1, "message_signing") ?? "");
  const notRequired1 =
    !!smb1 &&
    (/^(disabled|supported)$/i.test(signing1 ?? "") || /message_signing: (disabled|supported)/i.test(smb1.output));
  const notRequired2 = !!smb2 && /not required|disabled/i.test(smb2.output);
  if (notRequired1 || notRequired2) {
    const smbPort = host.ports.find((p) => p.state === "open" && (p.port === 445 || p.port === 139)) ?? null;
    out.push(finding(host, smbPort, "smb-signing-not-required"));
  }
  return out;
}

/** Every finding of a scan, most severe first. `vulns` null: the CPE check is skipped (tests of the rest). */
export function runChecks(scan: NmapScan, now: number, vulns: VulnLookup | null): Finding[] {
  const out: Finding[] = [];
  for (const host of scan.hosts) {
    for (const p of host.ports) if (p.state === "open") out.push(...portFindings(host, p, now, vulns));
    out.push(...hostFindings(host));
  }
  return out.sort(
    (a, b) => RANK[b.severity] - RANK[a.severity] || a.host.localeCompare(b.host) || (a.port ?? 0) - (b.port ?? 0),
  );
}

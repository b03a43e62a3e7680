/**
 * Known vulnerabilities of a scanned service, from its CPE (issue 36). Nmap names a service's product by CPE
 * (`cpe:/a:vendor:product:version`); Rampart's advisory data is OSV's, keyed by ecosystem and package, so only
 * products published as packages of an OSV ecosystem can be matched (CPE_PACKAGES: servers written in Go or
 * Java). Everything else, and any version a distribution built (Debian's "9.2p1 Debian 2+deb12u3": fixes are
 * backported, so upstream version ranges would flag patched builds), is answered "not checked" with the reason,
 * never as clean. A match also needs OSV data that is present and fresh (the dependency scanner's coverage).
 */
import { advisoriesFor, coverageChecked, matchAll, osvCoverage } from "~/modules/vulnerability/index.server";
import type { FindingSeverity, VulnLookup } from "./checks";
import type { NmapPort } from "./nmap-xml";

/** CPE vendor:product → the OSV package that publishes the same software. */
export const CPE_PACKAGES: Record<string, { ecosystem: string; name: string }> = {
  "elastic:elasticsearch": { ecosystem: "Maven", name: "org.elasticsearch:elasticsearch" },
  "elasticsearch:elasticsearch": { ecosystem: "Maven", name: "org.elasticsearch:elasticsearch" },
  "apache:tomcat": { ecosystem: "Maven", name: "org.apache.tomcat:tomcat-catalina" },
  "jenkins:jenkins": { ecosystem: "Maven", name: "org.jenkins-ci.main:jenkins-core" },
  "grafana:grafana": { ecosystem: "Go", name: "github.com/grafana/grafana" },
  "gitea:gitea": { ecosystem: "Go", name: "code.gitea.io/gitea" },
  "minio:minio": { ecosystem: "Go", name: "github.com/minio/minio" },
  "hashicorp:consul": { ecosystem: "Go", name: "github.com/hashicorp/consul" },
  "hashicorp:vault": { ecosystem: "Go", name: "github.com/hashicorp/vault" },
};

const DISTRIBUTION_BUILD =
  /\b(debian|ubuntu|raspbian|deb\d+u\d+|el[6-9]|centos|red ?hat|rhel|fedora|alpine|suse|amzn)\b|\+deb/i;

/** A version string a distribution built and patched ("9.2p1 Debian 2+deb12u3", "8.9p1 Ubuntu 3ubuntu0.6"). */
export function isDistributionBuild(p: Pick<NmapPort, "version" | "extrainfo">): boolean {
  return DISTRIBUTION_BUILD.test(`${p.version ?? ""} ${p.extrainfo ?? ""}`);
}

type Cpe = { part: string; vendor: string; product: string; version: string | null };

/** `cpe:/a:vendor:product[:version]` (CPE 2.2 URI, what Nmap writes) or `cpe:2.3:a:vendor:product:version:…`. */
export function parseCpe(cpe: string): Cpe | null {
  const m = /^cpe:(?:\/|2\.3:)([aho]):([^:]+):([^:]+)(?::([^:]*))?/i.exec(cpe.trim());
  if (!m) return null;
  const version = m[4] && m[4] !== "*" && m[4] !== "-" ? m[4] : null;
  return { part: m[1]!.toLowerCase(), vendor: m[2]!.toLowerCase(), product: m[3]!.toLowerCase(), version };
}

const LEVEL: Record<string, FindingSeverity> = { critical: "critical", high: "high", medium: "medium", low: "low" };

/** The lookup runChecks uses, against the stored OSV advisories. */
export function osvServiceLookup(now = Date.now()): VulnLookup {
  const fresh = coverageChecked(osvCoverage(), now);
  return (port) => {
    const app = port.cpe.map(parseCpe).find((c) => c?.part === "a") ?? null;
    if (!app) return { checked: false, reason: "no CPE in the scan" };
    if (isDistributionBuild(port))
      return { checked: false, reason: "distribution build: fixes are backported, upstream ranges do not apply" };
    const version = app.version ?? port.version?.split(/\s/)[0] ?? null;
    if (!version) return { checked: false, reason: "no version in the scan" };
    const pkg = CPE_PACKAGES[`${app.vendor}:${app.product}`];
    if (!pkg) return { checked: false, reason: "no advisory data for this product" };
    if (!fresh) return { checked: false, reason: "advisory data missing or out of date" };
    const matches = matchAll([{ ...pkg, version, direct: null }], advisoriesFor);
    return {
      checked: true,
      advisories: matches.map((m) => ({ id: m.id, severity: LEVEL[m.severity] ?? "medium" })),
    };
  };
}

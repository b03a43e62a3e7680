/**
 * The Nmap XML reader and the exposure checks on the quirks of real files (issue 36): ports without a
 * <service>, escaped binary banners, attribute values with stray spaces, hosts that are down, several
 * addresses, user and PTR hostnames, <extraports>, host scripts; a DOCTYPE's entities are never expanded;
 * a distribution's patched build is never flagged by upstream version ranges.
 */
import { describe, expect, it } from "vitest";
import { runChecks, type VulnLookup } from "./checks";
import { NmapXmlError, parseNmapXml } from "./nmap-xml";
import { isDistributionBuild, osvServiceLookup, parseCpe } from "./vulns.server";

const NOW = Date.UTC(2026, 10, 27);

const QUIRKS = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<nmaprun scanner="nmap" args="nmap -sV -oX - 192.0.2.0/29" start="1764201600" version="7.93" xmloutputversion="1.05">
<host starttime="1764201601" endtime="1764201620"><status state="up" reason="arp-response"/>
<address addr="192.0.2.5" addrtype="ipv4"/>
<address addr="2001:db8::5" addrtype="ipv6"/>
<address addr="52:54:00:12:34:56" addrtype="mac" vendor="QEMU virtual NIC"/>
<hostnames><hostname name="files.example.test" type="user"/><hostname name="files.example.test" type="PTR"/><hostname name="ptr-5.example.test" type="PTR"/></hostnames>
<ports><extraports state="closed" count="993"><extrareasons reason="resets" count="993"/></extraports>
<port protocol="tcp" portid=" 22 "><state state="open " reason="syn-ack"/><service name="ssh" product="OpenSSH" version="9.2p1 Debian 2+deb12u3" extrainfo="protocol 2.0" ostype="Linux" method="probed" conf="10"><cpe>cpe:/a:openbsd:openssh:9.2p1</cpe><cpe>cpe:/o:linux:linux_kernel</cpe></service><script id="ssh-auth-methods" output="&#xa;  Supported authentication methods: &#xa;    publickey&#xa;    password"><table key="Supported authentication methods"><elem>publickey</elem><elem>password</elem></table></script></port>
<port protocol="tcp" portid="23"><state state="open" reason="syn-ack"/></port>
<port protocol="tcp" portid="445"><state state="open" reason="syn-ack"/><service name="microsoft-ds" method="table" conf="3"/></port>
<port protocol="tcp" portid="3389"><state state="open" reason="syn-ack"/><service name="ms-wbt-server" product="Microsoft Terminal Services" method="probed" conf="10"><cpe>cpe:/o:microsoft:windows</cpe></service></port>
<port protocol="tcp" portid="5432"><state state="filtered" reason="no-response"/><service name="postgresql" method="table" conf="3"/></port>
<port protocol="tcp" portid="8443"><state state="open" reason="syn-ack"/><service name="unknown" servicefp="SF-Port8443-TCP:V=7.93%r(NULL,4,&quot;\\x16\\x03\\x01\\0&quot;)%r(GetRequest,8,&quot;\\xff\\xfe&lt;&amp;&quot;);" tunnel="ssl" method="table" conf="3"/><script id="ssl-enum-ciphers" output="TLSv1.0 offered"><table key="TLSv1.0"><table key="ciphers"><table><elem key="name">TLS_RSA_WITH_3DES_EDE_CBC_SHA</elem><elem key="strength">C</elem></table></table></table><table key="TLSv1.2"></table><elem key="least strength">C</elem></script><script id="ssl-cert" output="Subject: commonName=files.example.test"><table key="subject"><elem key="commonName">files.example.test</elem></table><table key="issuer"><elem key="commonName">Example CA</elem><elem key="organizationName">Example</elem></table><table key="validity"><elem key="notBefore">2026-09-01T00:00:00</elem><elem key="notAfter">2026-12-10T00:00:00</elem></table></script></port>
<port protocol="udp" portid="11211"><state state="open" reason="udp-response"/><service name="memcache" product="Memcached" version="1.6.21" method="probed" conf="10"/></port>
</ports>
<hostscript><script id="smb2-security-mode" output="&#xa;  3:1:1: &#xa;    Message signing enabled but not required"><table key="3:1:1"><elem>Message signing enabled but not required</elem></table></script></hostscript>
</host>
<host><status state="down" reason="no-response"/><address addr="192.0.2.6" addrtype="ipv4"/></host>
<runstats><finished time="1764201620" elapsed="20" exit="success"/><hosts up="1" down="1" total="2"/></runstats>
</nmaprun>`;

describe("reading Nmap XML", () => {
  const scan = parseNmapXml(QUIRKS);
  const host = scan.hosts[0]!;

  it("reads hosts, addresses, hostnames and ports as Nmap wrote them, quirks included", () => {
    expect(scan.startedAt).toBe(1764201600 * 1000);
    expect(scan.hosts).toHaveLength(1);
    expect(scan.hostsDown).toBe(1);
    expect(host.address).toBe("192.0.2.5");
    expect(host.addresses.map((a) => a.type)).toEqual(["ipv4", "ipv6", "mac"]);
    expect(host.hostnames).toEqual(["files.example.test", "ptr-5.example.test"]);
    expect(host.extraports).toEqual([{ state: "closed", count: 993 }]);
    // Stray spaces in attribute values are trimmed.
    expect(host.ports[0]).toMatchObject({ port: 22, state: "open", service: "ssh", product: "OpenSSH" });
    expect(host.ports[0]!.cpe).toEqual(["cpe:/a:openbsd:openssh:9.2p1", "cpe:/o:linux:linux_kernel"]);
    // A port without <service>.
    expect(host.ports[1]).toMatchObject({ port: 23, service: null, product: null });
    expect(host.ports.find((p) => p.port === 11211)).toMatchObject({ protocol: "udp", product: "Memcached" });
    expect(host.hostScripts[0]!.output).toContain("Message signing enabled but not required");
  });

  it("never expands a DOCTYPE's entities", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE nmaprun [<!ENTITY x "EXPANDED"><!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<nmaprun start="1"><host><status state="up"/><address addr="192.0.2.1" addrtype="ipv4"/><hostnames><hostname name="&x;&b;" type="user"/></hostnames><ports><port protocol="tcp" portid="80"><state state="open"/><script id="http-title" output="&x;"><elem key="title">&x;</elem></script></port></ports></host></nmaprun>`;
    const h = parseNmapXml(bomb).hosts[0]!;
    expect(h.hostnames).toEqual(["&x;&b;"]);
    expect(h.ports[0]!.scripts[0]).toMatchObject({ output: "&x;", elems: [["title", "&x;"]] });
  });

  it("refuses what is not Nmap XML (400) and what is too large (413)", () => {
    expect(() => parseNmapXml("<html><body>hi</body></html>")).toThrow(NmapXmlError);
    expect(() => parseNmapXml("not xml at all")).toThrow(/not Nmap XML/);
    try {
      parseNmapXml(`<nmaprun>${" ".repeat(17 * 1024 * 1024)}</nmaprun>`);
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ status: 413 });
    }
  });
});

describe("exposure checks", () => {
  const scan = parseNmapXml(QUIRKS);
  const findings = runChecks(scan, NOW, null);
  const ids = (port: number | null) => findings.filter((f) => f.port === port).map((f) => f.check);

  it("flags remote administration, SMB signing, weak TLS and a certificate about to expire", () => {
    expect(ids(22)).toEqual(["ssh-password-auth"]);
    expect(ids(23)).toEqual(["telnet-exposed"]);
    expect(ids(3389)).toEqual(["rdp-exposed"]);
    expect(ids(445)).toEqual(["smb-signing-not-required"]);
    expect(ids(8443).sort()).toEqual(["cert-expiring", "tls-weak-cipher", "tls-weak-protocol"]);
    expect(ids(11211)).toEqual(["cache-exposed"]);
    // A filtered port is not reachable as far as Nmap could tell: not flagged.
    expect(ids(5432)).toEqual([]);
    // Every finding carries its remediation; the most severe come first.
    expect(findings.every((f) => f.remediation.length > 20)).toBe(true);
    expect(findings[0]!.severity).toBe("critical");
  });

  it("does not flag a distribution's patched build by upstream version ranges: it says not checked", () => {
    expect(isDistributionBuild({ version: "9.2p1 Debian 2+deb12u3", extrainfo: "protocol 2.0" })).toBe(true);
    expect(isDistributionBuild({ version: "8.9p1 Ubuntu 3ubuntu0.6", extrainfo: null })).toBe(true);
    expect(isDistributionBuild({ version: "9.2p1", extrainfo: "protocol 2.0" })).toBe(false);
    expect(parseCpe("cpe:/a:openbsd:openssh:9.2p1")).toEqual({
      part: "a",
      vendor: "openbsd",
      product: "openssh",
      version: "9.2p1",
    });
    // Even with a lookup that would call every version vulnerable, the Debian build is not flagged.
    const everything: VulnLookup = () => ({ checked: true, advisories: [{ id: "CVE-2024-6387", severity: "high" }] });
    const lookup = osvServiceLookup(NOW);
    const guarded: VulnLookup = (p) => (isDistributionBuild(p) ? lookup(p) : everything(p));
    const ssh = runChecks(scan, NOW, guarded).filter((f) => f.port === 22);
    expect(ssh.map((f) => f.check)).toEqual(["ssh-password-auth", "vulnerabilities-not-checked"]);
    expect(ssh[1]!.title).toMatch(/not checked: OpenSSH 9\.2p1 Debian 2\+deb12u3 \(distribution build/);
    expect(ssh[1]!.severity).toBe("info");
  });

  it("says not checked, never clean, for a product without advisory data", () => {
    const vulns = runChecks(scan, NOW, osvServiceLookup(NOW)).filter((f) => f.check === "vulnerabilities-not-checked");
    expect(vulns.map((f) => f.port).sort((a, b) => a! - b!)).toEqual([22, 3389, 11211]);
    expect(vulns.find((f) => f.port === 11211)!.title).toContain("Memcached 1.6.21");
  });
});

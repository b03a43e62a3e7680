// Issue 26 §12: IPv6 forms that carry an IPv4 address (mapped, SIIT, NAT64, 6to4, Teredo, IPv4-compatible) reach
// the IPv4 host inside them, so the guard judges that address; and every other range ipaddr.js names is refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, isBlockedAddress } from "./outbound.server";

/** Each translation form, written around an IPv4 address. */
const hex = (ip: string) => {
  const [a, b, c, d] = ip.split(".").map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};
const inverted = (ip: string) => hex(ip.replace(/\d+/g, (o) => String(255 - Number(o))));
const FORMS: [string, (ip: string) => string][] = [
  ["IPv4-mapped ::ffff:0:0/96 (dotted)", (ip) => `::ffff:${ip}`],
  ["IPv4-mapped ::ffff:0:0/96 (hex)", (ip) => `::ffff:${hex(ip).join(":")}`],
  ["SIIT ::ffff:0:0:0/96", (ip) => `::ffff:0:${hex(ip).join(":")}`],
  ["NAT64 64:ff9b::/96", (ip) => `64:ff9b::${ip}`],
  ["6to4 2002::/16", (ip) => `2002:${hex(ip).join(":")}::1`],
  ["Teredo 2001::/32, obfuscated client", (ip) => `2001:0:4136:e378:8000:63bf:${inverted(ip).join(":")}`],
  ["IPv4-compatible ::a.b.c.d", (ip) => `::${ip}`],
];

const PRIVATE = ["127.0.0.1", "10.0.0.7", "192.168.1.1", "172.16.5.4", "169.254.169.254", "100.64.1.1", "0.0.0.0"];
const PUBLIC = ["93.184.216.34", "8.8.8.8", "1.1.1.1"];

describe("IPv6 translation prefixes", () => {
  for (const [name, form] of FORMS) {
    it(`${name}: refused around a private or loopback IPv4, allowed around a public one`, () => {
      for (const ip of PRIVATE) expect(isBlockedAddress(form(ip)), `${form(ip)} (${ip})`).toBe(true);
      for (const ip of PUBLIC) expect(isBlockedAddress(form(ip)), `${form(ip)} (${ip})`).toBe(false);
    });
  }

  it("the local-use NAT64 prefix 64:ff9b:1::/48 is refused whatever it carries (its layout is the network's own)", () => {
    for (const ip of [...PRIVATE, ...PUBLIC]) {
      const [hi, lo] = hex(ip);
      expect(isBlockedAddress(`64:ff9b:1::${hi}:${lo}`), ip).toBe(true);
      expect(isBlockedAddress(`64:ff9b:1:${hi}:${lo}::`), ip).toBe(true);
    }
  });

  it("Teredo is refused when its server address is private, too", () => {
    expect(isBlockedAddress(`2001:0:a00:7:8000:63bf:${inverted("8.8.8.8").join(":")}`)).toBe(true);
  });
});

describe("ranges refused outright", () => {
  it.each([
    ["unique local fc00::/7", "fd12:3456::1"],
    ["unique local fc00::/7", "fc00::1"],
    ["link-local fe80::/10", "fe80::1"],
    ["multicast ff00::/8", "ff02::1"],
    ["unspecified ::", "::"],
    ["loopback ::1", "::1"],
    ["site-local fec0::/10", "fec0::1"],
    ["documentation 2001:db8::/32", "2001:db8::1"],
    ["benchmarking 2001:2::/48", "2001:2::1"],
    ["discard 100::/64", "100::1"],
    ["ORCHIDv2 2001:20::/28", "2001:20::1"],
    ["CGNAT 100.64/10", "100.127.255.254"],
    ["this network 0.0.0.0/8", "0.1.2.3"],
    ["benchmarking 198.18/15", "198.19.0.1"],
    ["documentation 203.0.113/24", "203.0.113.9"],
    ["reserved 240/4", "250.1.1.1"],
    ["broadcast", "255.255.255.255"],
    ["multicast 224/4", "239.1.1.1"],
    ["not an address", "localhost"],
  ])("%s (%s)", (_name, ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it("public unicast addresses pass", () => {
    for (const ip of ["93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });
});

describe("redirects", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const target = decodeURIComponent((req.url ?? "/").slice("/to/".length));
      res.writeHead(302, { Location: `http://[${target}]/latest/meta-data/` });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://site.test:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const resolver = async () => [{ address: "127.0.0.1", family: 4 as const }];
  const onlyTestServer = (ip: string) => ip !== "127.0.0.1" && isBlockedAddress(ip);

  it.each([
    ...FORMS.map(([name, form]) => [name, form("169.254.169.254")] as const),
    ["NAT64 local-use", "64:ff9b:1::a9fe:a9fe"] as const,
  ])("a redirect to %s around 169.254.169.254 is refused", async (_name, target) => {
    await expect(
      guardedFetch(`${base}/to/${encodeURIComponent(target)}`, { resolver, isBlocked: onlyTestServer }),
    ).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
  });
});

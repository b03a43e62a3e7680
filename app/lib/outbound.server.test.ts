// The SSRF guard: names resolving inside, redirects to cloud metadata, the
// IPv4-mapped forms, the body cap, the timeout, and no credentials sent.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, isBlockedAddress, mappedIpv4, resolvePublicAddress } from "./outbound.server";

let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === "/to-metadata") {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (req.url === "/to-mapped") {
      res.writeHead(301, { Location: "http://[::ffff:169.254.169.254]/" });
      return res.end();
    }
    if (req.url === "/hop") {
      res.writeHead(301, { Location: "/final" });
      return res.end();
    }
    if (req.url === "/big") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const push = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", push);
        }
        res.end();
      };
      return push();
    }
    if (req.url === "/slow") return; // never answers
    if (req.url === "/gzip") {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      return res.end(zlib.gzipSync('<script src="https://cdn.example.com/x.js"></script>'));
    }
    if (req.url === "/bomb") {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      return res.end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024, 32)));
    }
    if (req.url === "/loop") {
      res.writeHead(302, { Location: "/loop" });
      return res.end();
    }
    res.writeHead(200, { "Content-Type": "text/html", "Set-Cookie": ["a=1", "b=2"] });
    res.end("<p>final</p>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://site.test:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

// The test server is reachable only through this resolver and policy: everything
// else that is private stays refused, as in production.
const resolver = async (host: string) => {
  if (host === "site.test" || host === "evil.test") return [{ address: "127.0.0.1", family: 4 as const }];
  if (host === "rebind.test")
    return [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.0.0.7", family: 4 as const },
    ];
  throw new Error("NXDOMAIN");
};
const onlyTestServer = (ip: string) => ip !== "127.0.0.1" && isBlockedAddress(ip);

describe("address policy", () => {
  it("refuses private, loopback, link-local, CGNAT, multicast, unspecified and their IPv4-mapped forms", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:10.0.0.1",
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isBlockedAddress(ip), ip).toBe(false);
    expect(mappedIpv4("::ffff:a9fe:a9fe")).toBe("169.254.169.254");
  });

  it("a name resolving to 127.0.0.1 is refused after DNS; so is a name with one private address among public ones", async () => {
    await expect(resolvePublicAddress("evil.test", { resolver })).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
    await expect(guardedFetch("http://evil.test/", { resolver })).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
    await expect(resolvePublicAddress("rebind.test", { resolver })).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
    await expect(guardedFetch("http://127.0.0.1/")).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
    await expect(guardedFetch("http://[::ffff:127.0.0.1]/")).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
  });

  it("RAMPART_ALLOW_PRIVATE_TARGETS=1 lifts the rule", async () => {
    process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
    try {
      const r = await guardedFetch(`${base}/`, { resolver });
      expect(r.status).toBe(200);
    } finally {
      delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
    }
  });
});

describe("guardedFetch", () => {
  it("checks every redirect hop: a redirect to 169.254.169.254 is refused", async () => {
    await expect(guardedFetch(`${base}/to-metadata`, { resolver, isBlocked: onlyTestServer })).rejects.toMatchObject({
      code: "BLOCKED_ADDRESS",
    });
    await expect(guardedFetch(`${base}/to-mapped`, { resolver, isBlocked: onlyTestServer })).rejects.toMatchObject({
      code: "BLOCKED_ADDRESS",
    });
  });

  it("records the redirect chain and sends no cookies or credentials", async () => {
    seen.length = 0;
    const r = await guardedFetch(`http://user:secret@site.test:${new URL(base).port}/hop`, {
      resolver,
      isBlocked: onlyTestServer,
      headers: { Cookie: "stolen=1", Authorization: "Basic x" },
    });
    expect(r.status).toBe(200);
    expect(r.chain.map((h) => [new URL(h.url).pathname, h.status])).toEqual([
      ["/hop", 301],
      ["/final", 200],
    ]);
    expect(r.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(r.body.toString()).toBe("<p>final</p>");
    for (const h of seen) {
      expect(h.cookie).toBeUndefined();
      expect(h.authorization).toBeUndefined();
    }
  });

  it("reads at most 2 MB of a body", async () => {
    const r = await guardedFetch(`${base}/big`, { resolver, isBlocked: onlyTestServer });
    expect(r.truncated).toBe(true);
    expect(r.body.length).toBe(2 * 1024 * 1024);
  });

  it("inflates compressed bodies, never beyond 2 MB", async () => {
    const r = await guardedFetch(`${base}/gzip`, { resolver, isBlocked: onlyTestServer });
    expect(r.body.toString()).toContain("cdn.example.com");
    const bomb = await guardedFetch(`${base}/bomb`, { resolver, isBlocked: onlyTestServer });
    expect(bomb.body.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("gives up after the timeout and after too many redirects", async () => {
    await expect(
      guardedFetch(`${base}/slow`, { resolver, isBlocked: onlyTestServer, timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: "TIMEOUT",
    });
    await expect(guardedFetch(`${base}/loop`, { resolver, isBlocked: onlyTestServer })).rejects.toMatchObject({
      code: "TOO_MANY_REDIRECTS",
    });
  });

  it("refuses URLs that are not http(s)", async () => {
    await expect(guardedFetch("file:///etc/passwd")).rejects.toMatchObject({ code: "BAD_URL" });
    await expect(guardedFetch("not a url")).rejects.toMatchObject({ code: "BAD_URL" });
  });
});

// Issue 32: a domain can also be verified by serving its token at https://<domain>/.well-known/rampart-verification.txt,
// fetched through the outbound guard (a real HTTPS server on loopback stands in for the domain's web server).
import https from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackDns } from "../../../tests/support/loopback-dns";
import { resetEnvForTests } from "~/lib/env.server";
import { isBlockedAddress } from "~/lib/outbound.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { checkDomainVerification, listPendingDomains, WELL_KNOWN_PATH } from "./domain-verification.server";
import { addWatchedDomain, listWatchedIdentities } from "./watchlist.server";

const DOMAIN = "files-dv.example.test";
const files = new Map<string, { status: number; body: string }>();
let dns: Awaited<ReturnType<typeof startLoopbackDns>>;
let server: https.Server;
let probe: {
  resolver: () => Promise<{ address: string; family: 4 }[]>;
  isBlocked: (ip: string) => boolean;
  ca: string;
  port: number;
};
const requested: string[] = [];

beforeAll(async () => {
  // No TXT records at all: only the file can verify.
  dns = await startLoopbackDns({ txt: () => undefined });
  process.env.RAMPART_DNS_SERVERS = dns.server;
  resetEnvForTests();
  const pems = await generate([{ name: "commonName", value: DOMAIN }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: DOMAIN }] }],
  } as Parameters<typeof generate>[1]);
  server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    requested.push(`${req.headers.host}${req.url}`);
    const f = files.get(req.url ?? "") ?? { status: 404, body: "not found" };
    res.writeHead(f.status, { "Content-Type": "text/plain" });
    res.end(f.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  probe = {
    resolver: async () => [{ address: "127.0.0.1", family: 4 }],
    isBlocked: (ip) => ip !== "127.0.0.1" && isBlockedAddress(ip),
    ca: pems.cert,
    port: (server.address() as AddressInfo).port,
  };
});
afterAll(async () => {
  await dns.close();
  server.close();
  delete process.env.RAMPART_DNS_SERVERS;
  resetEnvForTests();
});

async function tenant() {
  const { tenantId } = await createUser(`dvf-${Date.now()}-${Math.random()}@example.com`, "a long enough passphrase 1");
  return tenantId;
}

describe("domain verification by a well-known file", () => {
  it("refuses without the file, with a wrong token or a non-200 answer; verifies with the record in the file", async () => {
    const t = await tenant();
    const { id } = addWatchedDomain(t, DOMAIN);
    const [pending] = listPendingDomains(t);

    const missing = await checkDomainVerification(t, id, { userId: null, probe });
    expect(missing).toMatchObject({ status: "not-found" });
    expect(missing.status === "not-found" && missing.reason).toMatch(/has no TXT records yet/);
    expect(missing.status === "not-found" && missing.reason).toMatch(/rampart-verification\.txt answered HTTP 404/);
    expect(requested.at(-1)).toBe(`${DOMAIN}:${probe.port}${WELL_KNOWN_PATH}`);

    files.set(WELL_KNOWN_PATH, { status: 200, body: "rampart-verification=0123456789abcdef0123456789abcdef\n" });
    const wrong = await checkDomainVerification(t, id, { userId: null, probe });
    expect(wrong.status === "not-found" && wrong.reason).toMatch(/does not contain this organization's token/);

    files.set(WELL_KNOWN_PATH, { status: 200, body: `# Rampart\n${pending.record}\r\n` });
    expect(await checkDomainVerification(t, id, { userId: null, probe })).toMatchObject({
      status: "verified",
      domain: DOMAIN,
    });
    expect(listWatchedIdentities(t).find((w) => w.id === id)?.verified).toBe(true);
    expect(listPendingDomains(t)).toEqual([]);
  });

  it("never fetches a private address: without the test's address policy the loopback server is refused", async () => {
    const t = await tenant();
    const { id } = addWatchedDomain(t, DOMAIN);
    const [pending] = listPendingDomains(t);
    files.set(WELL_KNOWN_PATH, { status: 200, body: pending.record });
    const before = requested.length;
    const out = await checkDomainVerification(t, id, {
      userId: null,
      probe: { resolver: probe.resolver, ca: probe.ca, port: probe.port },
    });
    expect(out.status).toBe("not-found");
    expect(out.status === "not-found" && out.reason).toMatch(/could not be fetched/);
    expect(requested.length).toBe(before);
  });
});

// TRUST_PROXY: which reverse proxies in front of the server are believed about
// the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto).
//
// Trusting every hop (Express's `true`) lets the client pick its own address:
// it sends `X-Forwarded-For: <anything>` and the proxy appends what it saw, so
// the left-most entry is forged. The address used must be the one the nearest
// trusted proxy saw, so the setting is either a hop count or a list of the
// proxies' addresses (docs/operations.md, "Behind a reverse proxy"):
// - unset, "", "0", "false": no proxy; the socket's peer is the client;
// - "1", "true": one proxy (the common nginx or Caddy in front);
// - "2", "3", ...: that many proxies (a load balancer, then nginx);
// - "10.0.0.5, 10.1.0.0/16, loopback": the proxies' addresses or subnets;
//   the client is the first address, read from the right, that is not one of
//   them (names `loopback`, `linklocal`, `uniquelocal` as in Express).

const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);
const ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

/**
 * The value for Express's "trust proxy" setting: false, a hop count, or a list
 * of addresses. Throws on anything else, so a typo stops the start instead of
 * silently trusting every hop.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = String(value ?? "").trim();
  if (raw === "" || raw === "0" || /^false$/i.test(raw)) return false;
  if (/^true$/i.test(raw)) return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 0 && hops <= 10) return hops;
    throw new Error(`TRUST_PROXY must be a hop count from 1 to 10 or a list of proxy addresses, got "${raw}"`);
  }
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!NAMED.has(entry.toLowerCase()) && !ADDRESS.test(entry))
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a subnet or loopback/linklocal/uniquelocal`);
  }
  return list.map((s) => (NAMED.has(s.toLowerCase()) ? s.toLowerCase() : s));
}

/** How the setting is described in the start log line. */
export function describeTrustProxy(setting: TrustProxy): string {
  if (setting === false) return "off";
  if (typeof setting === "number") return `${setting} hop${setting === 1 ? "" : "s"}`;
  return setting.join(", ");
}

/**
 * Loopback listeners for the Network Security tests (issue 36): an HTTP server with a page title, a TLS
 * server with a fresh self-signed certificate (the `selfsigned` package) and a fake Redis that answers the
 * inline and RESP commands Nmap's version probes send (PING, INFO, and Redis's own error for `GET / HTTP/1.0`).
 * Each binds 127.0.0.1 on a port the system picks; `scanLoopback` runs Debian's nmap on those ports.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import tls from "node:tls";

export type Listener = { name: string; port: number; close: () => Promise<void> };

function portOf(server: net.Server): number {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("listener has no port");
  return address.port;
}

function closer(server: net.Server, sockets: Set<net.Socket>): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function track(server: net.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  });
  return sockets;
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return portOf(server);
}

export async function httpListener(): Promise<Listener> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", Server: "rampart-test" });
    res.end("<!doctype html><title>Rampart loopback</title><p>hello</p>");
  });
  const sockets = track(server);
  return { name: "http", port: await listen(server), close: closer(server, sockets) };
}

/**
 * The certificate is made in a child process: in a test process that has also loaded the app (whose passkey
 * library imports @peculiar/asn1-schema as ESM), selfsigned's CommonJS copy of the same library cannot find its
 * ASN.1 schemas ("Cannot get schema for 'AlgorithmIdentifier'").
 */
async function selfSignedPems(): Promise<{ private: string; cert: string }> {
  const script = `require("selfsigned").generate([{ name: "commonName", value: "loopback.test" }], { keySize: 2048 })
    .then((p) => process.stdout.write(JSON.stringify({ private: p.private, cert: p.cert })))`;
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ["-e", script], { maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  return JSON.parse(out) as { private: string; cert: string };
}

export async function tlsListener(): Promise<Listener> {
  const pems = await selfSignedPems();
  const server = tls.createServer({ key: pems.private, cert: pems.cert }, (socket) => {
    socket.on("error", () => socket.destroy());
    socket.once("data", () => {
      socket.end("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<title>Loopback TLS</title>");
    });
  });
  const sockets = track(server);
  return { name: "tls", port: await listen(server), close: closer(server, sockets) };
}

const REDIS_INFO = "# Server\r\nredis_version:7.0.11\r\nredis_mode:standalone\r\nos:Linux\r\n";

/** Answers one Redis command (inline or RESP array of bulk strings) as Redis 7 would, unauthenticated. */
function redisReply(args: string[]): string {
  const command = (args[0] ?? "").toLowerCase();
  if (command === "ping") return "+PONG\r\n";
  if (command === "info") return `$${Buffer.byteLength(REDIS_INFO)}\r\n${REDIS_INFO}\r\n`;
  if (command === "get" && args.length !== 2) return "-ERR wrong number of arguments for 'get' command\r\n";
  if (command === "get") return "$-1\r\n";
  return `-ERR unknown command '${args[0] ?? ""}'\r\n`;
}

export async function redisListener(): Promise<Listener> {
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // Complete RESP arrays, else complete inline lines; anything else waits for more bytes.
      for (;;) {
        if (buffer.startsWith("*")) {
          const lines = buffer.split("\r\n");
          const count = Number(lines[0]!.slice(1));
          if (lines.length < 1 + count * 2 + 1) return;
          const args = Array.from({ length: count }, (_, i) => lines[2 + i * 2] ?? "");
          buffer = lines.slice(1 + count * 2).join("\r\n");
          socket.write(redisReply(args));
          continue;
        }
        const end = buffer.indexOf("\n");
        if (end < 0) return;
        const line = buffer.slice(0, end).replace(/\r$/, "");
        buffer = buffer.slice(end + 1);
        if (line.trim()) socket.write(redisReply(line.trim().split(/\s+/)));
      }
    });
  });
  const sockets = track(server);
  return { name: "redis", port: await listen(server), close: closer(server, sockets) };
}

/** Debian's nmap, when installed. */
export function nmapPath(): string | null {
  // NETWORK_TEST_FIXTURES=1: behave as on a machine without nmap (the committed scans).
  if (process.env.NETWORK_TEST_FIXTURES === "1") return null;
  for (const p of ["/usr/bin/nmap", "/usr/local/bin/nmap"]) if (fs.existsSync(p)) return p;
  return null;
}

/** Runs nmap -sV with the module's scripts against 127.0.0.1 on `ports`; answers the XML. */
export function scanLoopback(ports: number[], timeoutMs = 240_000): Promise<string> {
  const nmap = nmapPath();
  if (!nmap) throw new Error("nmap is not installed");
  const args = [
    "-sT",
    "-Pn",
    "-n",
    "-sV",
    "--script",
    "ssl-enum-ciphers,ssl-cert,http-title,ssh-auth-methods",
    "-p",
    ports.join(","),
    "-oX",
    "-",
    "127.0.0.1",
  ];
  return new Promise((resolve, reject) => {
    execFile(nmap, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readOrCreateSecretFile } from "./env.server";

// The server and an import script may create the same secret at the same moment (the breach HMAC key of a fresh
// install): each must end up with the whole secret, the same one, never a half-written or empty file.
describe("readOrCreateSecretFile", () => {
  it("gives every one of many processes racing on a fresh directory the same full secret", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-race-"));
    const file = path.join(dir, "key");
    const script = `
      import { readOrCreateSecretFile } from ${JSON.stringify(path.resolve("app/lib/env.server.ts"))};
      process.stdout.write(readOrCreateSecretFile(${JSON.stringify(file)}).value);
    `;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
          stdio: ["ignore", "pipe", "inherit"],
        });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const values = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(values).size).toBe(1);
    expect(values[0]!.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(values[0]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual(["key"]);
  }, 60_000);

  it("refuses a file that holds a truncated secret instead of using it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-short-"));
    const file = path.join(dir, "key");
    fs.writeFileSync(file, "short\n");
    expect(() => readOrCreateSecretFile(file)).toThrow(/shorter than 32/);
  });
});

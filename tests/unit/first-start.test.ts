/**
 * `npm start` with no configuration: the server creates its session secret at
 * start, in the data directory with mode 0600, and the log says where; a second
 * start keeps the same secret, so sessions survive restarts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, startServer } from "../../bench/harness";

// Node leaves a variable whose value is undefined out of the child's environment.
const NO_SECRET = { SESSION_SECRET: undefined } as unknown as Record<string, string>;

describe("first start without SESSION_SECRET", () => {
  it("generates the secret at start (0600, logged, never printed) and reuses it on the next start", async () => {
    await ensureBuild();
    const { file } = freshDatabase("rampart-first-start-");
    const secretFile = path.join(path.dirname(file), "session-secret");
    expect(fs.existsSync(secretFile)).toBe(false);

    const first = await startServer({ dbFile: file, env: NO_SECRET });
    try {
      expect(fs.existsSync(secretFile)).toBe(true);
      expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(secretFile, "utf8").trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const logged = first.lines.filter((l: string) => l.includes("generated a new random secret"));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(secretFile);
      expect(first.lines.join("\n")).not.toContain(secret);
    } finally {
      await first.stop("SIGTERM");
    }
    const before = fs.readFileSync(secretFile, "utf8");
    const second = await startServer({ dbFile: file, env: NO_SECRET });
    try {
      expect(fs.readFileSync(secretFile, "utf8")).toBe(before);
      expect(second.lines.some((l: string) => l.includes("generated a new random secret"))).toBe(false);
    } finally {
      await second.stop("SIGTERM");
    }
  }, 120_000);
});

import { describe, expect, it } from "vitest";
import { findBrowser, NO_BROWSER_MESSAGE, SYSTEM_CHROMIUM, type BrowserProbes } from "./find-browser";

const PW = "/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

/** A machine described by what exists on it and what each command does to it. */
function machine(opts: {
  files?: string[];
  root?: boolean;
  commands?: string[];
  /** What a command leaves behind when it succeeds; a command missing here fails. */
  effects?: Record<string, string[]>;
}) {
  const files = new Set(opts.files ?? []);
  const ran: string[] = [];
  const lines: string[] = [];
  const probes: BrowserProbes = {
    candidates: SYSTEM_CHROMIUM,
    exists: (f) => files.has(f),
    playwrightExecutable: () => PW,
    isRoot: () => opts.root ?? false,
    hasCommand: (name) => (opts.commands ?? []).includes(name),
    run(cmd, args) {
      const line = [cmd, ...args].join(" ");
      ran.push(line);
      const effect = opts.effects?.[line];
      if (!effect) return false;
      effect.forEach((f) => files.add(f));
      return true;
    },
    log: (l) => lines.push(l),
  };
  return { probes, ran, lines };
}

describe("findBrowser", () => {
  it("uses Debian's /usr/bin/chromium when present, installing nothing", () => {
    const m = machine({ files: ["/usr/bin/chromium"], root: true, commands: ["apt-get", "npx"] });
    expect(findBrowser(m.probes)).toEqual({ ok: true, executablePath: "/usr/bin/chromium", source: "system" });
    expect(m.ran).toEqual([]);
  });

  it("finds Ubuntu's chromium-browser", () => {
    const m = machine({ files: ["/usr/bin/chromium-browser"] });
    expect(findBrowser(m.probes)).toMatchObject({ ok: true, executablePath: "/usr/bin/chromium-browser" });
  });

  it("uses Playwright's own browser when an earlier install left one", () => {
    const m = machine({ files: [PW], root: true, commands: ["apt-get", "npx"] });
    expect(findBrowser(m.probes)).toEqual({ ok: true, executablePath: PW, source: "playwright" });
    expect(m.ran).toEqual([]);
  });

  it("as root with apt-get, installs Debian's chromium and uses it", () => {
    const m = machine({
      root: true,
      commands: ["apt-get", "npx"],
      effects: { "apt-get update": [], "apt-get install -y chromium": ["/usr/bin/chromium"] },
    });
    expect(findBrowser(m.probes)).toEqual({ ok: true, executablePath: "/usr/bin/chromium", source: "apt" });
    expect(m.ran).toEqual(["apt-get update", "apt-get install -y chromium"]);
  });

  it("without root, does not try apt-get and downloads Playwright's browser", () => {
    const m = machine({
      root: false,
      commands: ["apt-get", "npx"],
      effects: { "npx playwright install chromium": [PW] },
    });
    expect(findBrowser(m.probes)).toEqual({ ok: true, executablePath: PW, source: "playwright-install" });
    expect(m.ran).toEqual(["npx playwright install chromium"]);
  });

  it("falls back to Playwright's download when apt-get fails", () => {
    const m = machine({
      root: true,
      commands: ["apt-get", "npx"],
      effects: { "npx playwright install chromium": [PW] },
    });
    expect(findBrowser(m.probes)).toMatchObject({ ok: true, source: "playwright-install" });
    expect(m.ran).toEqual(["apt-get update", "npx playwright install chromium"]);
  });

  it("says in one line what to install when nothing works", () => {
    const m = machine({ root: true, commands: ["apt-get", "npx"] });
    const r = findBrowser(m.probes);
    expect(r).toEqual({ ok: false, message: NO_BROWSER_MESSAGE });
    expect(NO_BROWSER_MESSAGE).not.toContain("\n");
    expect(NO_BROWSER_MESSAGE).toContain("apt-get install chromium");
    expect(NO_BROWSER_MESSAGE).toContain("npx playwright install chromium");
  });

  it("does not count a successful install that left no browser as found", () => {
    const m = machine({
      root: true,
      commands: ["apt-get"],
      effects: { "apt-get update": [], "apt-get install -y chromium": [] },
    });
    expect(findBrowser(m.probes).ok).toBe(false);
  });
});

/**
 * Finds a Chromium for the end-to-end tests, installing one where it can, so
 * that `npm test` works on a bare machine. In order:
 *   1. a system Chromium (Debian's /usr/bin/chromium, Ubuntu's chromium-browser);
 *   2. Playwright's own browser, when an earlier `npx playwright install` left one;
 *   3. as root with apt-get: Debian's `chromium` package;
 *   4. `npx playwright install chromium` (needs Playwright's download host);
 * and otherwise one line saying what to install. Every probe is injected, so
 * the order is tested without a network or root (find-browser.test.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Where Debian and Ubuntu put Chromium. RAMPART_CHROMIUM_CANDIDATES (colon-separated) replaces the list. */
export const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export interface BrowserProbes {
  /** Paths to look at for a system Chromium, in order. */
  candidates: string[];
  exists(file: string): boolean;
  /** The executable of Playwright's own Chromium (whether or not it is installed). */
  playwrightExecutable(): string | null;
  isRoot(): boolean;
  /** Whether a command is on PATH. */
  hasCommand(name: string): boolean;
  /** Runs a command with its output shown; true when it exits 0. */
  run(cmd: string, args: string[], env?: Record<string, string>): boolean;
  log(line: string): void;
}

export type BrowserSource = "system" | "playwright" | "apt" | "playwright-install";
export type FoundBrowser = { ok: true; executablePath: string; source: BrowserSource } | { ok: false; message: string };

export const NO_BROWSER_MESSAGE =
  "No Chromium for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`, " +
  "or `npx playwright install chromium` where Playwright's download host is reachable), then run npm test again.";

export function systemChromium(probes: Pick<BrowserProbes, "candidates" | "exists">): string | null {
  return probes.candidates.find((p) => probes.exists(p)) ?? null;
}

function installedPlaywright(probes: BrowserProbes): string | null {
  const exe = probes.playwrightExecutable();
  return exe && probes.exists(exe) ? exe : null;
}

export function findBrowser(probes: BrowserProbes): FoundBrowser {
  const system = systemChromium(probes);
  if (system) return { ok: true, executablePath: system, source: "system" };
  const own = installedPlaywright(probes);
  if (own) return { ok: true, executablePath: own, source: "playwright" };

  if (probes.isRoot() && probes.hasCommand("apt-get")) {
    probes.log("No Chromium found: installing Debian's chromium package (apt-get) for the end-to-end tests");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if (probes.run("apt-get", ["update"], env) && probes.run("apt-get", ["install", "-y", "chromium"], env)) {
      const installed = systemChromium(probes);
      if (installed) return { ok: true, executablePath: installed, source: "apt" };
    }
  }

  if (probes.hasCommand("npx")) {
    probes.log("No Chromium found: trying `npx playwright install chromium`");
    if (probes.run("npx", ["playwright", "install", "chromium"])) {
      const downloaded = installedPlaywright(probes);
      if (downloaded) return { ok: true, executablePath: downloaded, source: "playwright-install" };
    }
  }
  return { ok: false, message: NO_BROWSER_MESSAGE };
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, name), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function candidatesFromEnv(): string[] {
  const list = process.env.RAMPART_CHROMIUM_CANDIDATES;
  return list === undefined ? SYSTEM_CHROMIUM : list.split(":").filter(Boolean);
}

/** The probes of this machine. */
export function machineProbes(): BrowserProbes {
  return {
    candidates: candidatesFromEnv(),
    exists: (file) => fs.existsSync(file),
    playwrightExecutable() {
      // Asked in a child process: playwright-core reads PLAYWRIGHT_BROWSERS_PATH when it loads.
      const r = spawnSync(
        process.execPath,
        ["-e", "process.stdout.write(require('playwright-core').chromium.executablePath())"],
        { encoding: "utf8" },
      );
      return r.status === 0 && r.stdout ? r.stdout : null;
    },
    isRoot: () => process.getuid?.() === 0,
    hasCommand: onPath,
    run(cmd, args, env = {}) {
      const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
      return r.status === 0;
    },
    log: (line) => console.log(line),
  };
}

/**
 * The browser playwright.config.ts launches: the one `npm test` found
 * (RAMPART_CHROMIUM), else a system Chromium, else Playwright's own (undefined).
 * Never installs anything.
 */
export function configuredChromium(): string | undefined {
  return process.env.RAMPART_CHROMIUM || (systemChromium(machineProbes()) ?? undefined);
}

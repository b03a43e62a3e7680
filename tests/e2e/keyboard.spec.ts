/**
 * Keyboard only (issue 3 §7): every navigation item is reachable by Tab, and the Add Organization dialog can be
 * opened, filled, submitted and closed by keyboard, with focus trapped inside it and returned after.
 */
import type { Page } from "@playwright/test";
import { sidebarRoutes } from "../../app/lib/app-routes";
import { expect, test } from "./fixtures";

/** Presses Tab up to `max` times and records what got focus. */
async function tabThrough(page: Page, max: number) {
  const seen: { href: string | null; name: string; inSidebar: boolean; inDialog: boolean }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          href: el?.getAttribute("href") ?? null,
          name: (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim(),
          inSidebar: Boolean(el?.closest('[data-testid="sidebar"], [data-testid="drawer"]')),
          inDialog: Boolean(el?.closest('[role="dialog"]')),
        };
      }),
    );
  }
  return seen;
}

async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Add Organization" }).first()).toBeVisible();
}

test("every navigation item is reachable by Tab (enterprise: all of them)", async ({ page, login }) => {
  await login({ plan: "enterprise" });
  await page.goto("/settings");
  await hydrated(page);
  const seen = await tabThrough(page, 45);
  expect(seen[0].name).toBe("Skip to content");
  const reached = new Set(seen.filter((s) => s.inSidebar).map((s) => s.href));
  for (const r of sidebarRoutes()) expect(reached, `${r.label} reachable by Tab`).toContain(r.path);
  expect(reached).toContain("/api/logout");
});

test("collapsed to icons, the items are still reachable by Tab and named", async ({ page, login }) => {
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Collapse sidebar" }).focus();
  const saved = page.waitForResponse((r) => r.url().includes("/preferences/sidebar"));
  await page.keyboard.press("Enter");
  await saved;
  await expect(page.locator("[data-sidebar]")).toHaveAttribute("data-sidebar", "collapsed");
  await page.reload();
  await hydrated(page);
  const seen = await tabThrough(page, 30);
  const names = seen.filter((s) => s.inSidebar && s.href).map((s) => s.name);
  for (const label of ["Dashboard", "Password Analyzer", "Security Alerts", "Settings"]) expect(names).toContain(label);
});

test("the Add Organization dialog: opened, filled, submitted and closed by keyboard", async ({ page, login }) => {
  await login({ plan: "business" });
  await page.goto("/dashboard");
  await hydrated(page);
  // Tab to the control.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    if (await page.getByRole("button", { name: "Add Organization" }).evaluate((el) => el === document.activeElement))
      break;
  }
  const trigger = page.getByRole("button", { name: "Add Organization" });
  await expect(trigger).toBeFocused();

  // Open with Enter, close with Escape: focus returns.
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Organization" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Organization name")).toBeFocused();
  await page.keyboard.type("Will be discarded");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Open with Space; focus stays trapped inside while tabbing.
  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Organization name")).toHaveValue("");
  await page.keyboard.type("Keyboard Co");
  const inside = await tabThrough(page, 8);
  expect(inside.every((s) => s.inDialog)).toBe(true);

  // Back to the field, submit with Enter.
  await dialog.getByLabel("Organization name").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast")).toContainText('Organization "Keyboard Co" created successfully!');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel("Organization").locator("option:checked")).toHaveText("Keyboard Co");

  // Cancel by keyboard: Tab to Cancel and press Enter.
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.type("x");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    if (await dialog.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement)) break;
  }
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
});

test.describe("375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("the drawer opens by keyboard, its items are reachable, Escape closes it", async ({ page, login }) => {
    await login({ plan: "free" });
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Open menu" })).toBeVisible();
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      if (await page.getByRole("link", { name: "Open menu" }).evaluate((el) => el === document.activeElement)) break;
    }
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("drawer")).toBeVisible();
    // A modal drawer: focus moves into it and stays there while tabbing.
    const seen = await tabThrough(page, 25);
    expect(
      seen.filter((s) => !s.inSidebar),
      "focus left the modal drawer",
    ).toEqual([]);
    const reached = new Set(seen.filter((s) => s.inSidebar).map((s) => s.href));
    for (const path of ["/dashboard", "/dark-web-monitoring", "/phishing", "/privacy", "/vulnerability", "/settings"])
      expect(reached).toContain(path);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("drawer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Open menu" })).toBeFocused();
  });
});

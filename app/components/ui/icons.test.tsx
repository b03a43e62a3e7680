import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as L from "lucide-react";
import { describe, expect, test } from "vitest";
import * as Icons from "./icons";
import { IconSprite, lucideParts, SPRITE_ICONS } from "./icons";

const SPRITE_FILE = path.join(__dirname, "icon-sprite.svg");

/** The sprite as generated from the installed lucide-react: one <symbol> per icon, with lucide's own paths. */
function spriteMarkup(): string {
  const seen = new Set<string>();
  const symbols = Object.values(SPRITE_ICONS).flatMap((icon) => {
    const { iconNode, symbolId } = lucideParts(icon);
    if (seen.has(symbolId)) return [];
    seen.add(symbolId);
    return [
      createElement(
        "symbol",
        { key: symbolId, id: symbolId, viewBox: "0 0 24 24" },
        iconNode.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i })),
      ),
    ];
  });
  return renderToStaticMarkup(createElement("svg", { xmlns: "http://www.w3.org/2000/svg" }, symbols)) + "\n";
}

/** The symbol ids the sprite file defines. */
const spriteIds = (markup: string) => new Set([...markup.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));

describe("icon sprite", () => {
  test("the committed sprite is what the installed lucide-react draws (UPDATE_ICON_SPRITE=1 rewrites it)", () => {
    const expected = spriteMarkup();
    if (process.env.UPDATE_ICON_SPRITE === "1") fs.writeFileSync(SPRITE_FILE, expected);
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(expected);
  });

  test("outside the signed-in shell every icon renders exactly as lucide's inline icon", () => {
    for (const name of Object.keys(SPRITE_ICONS) as (keyof typeof SPRITE_ICONS)[]) {
      const props = { className: "h-4 w-4 text-ok", "aria-hidden": true as const };
      expect(renderToStaticMarkup(createElement(Icons[name], props)), name).toBe(
        renderToStaticMarkup(createElement(L[name], props)),
      );
    }
  });

  test("inside the shell an icon keeps lucide's <svg> attributes and classes and draws its symbol from the sprite", () => {
    const ids = spriteIds(fs.readFileSync(SPRITE_FILE, "utf8"));
    for (const name of Object.keys(SPRITE_ICONS) as (keyof typeof SPRITE_ICONS)[]) {
      const props = { className: "h-4 w-4 shrink-0" };
      const inline = renderToStaticMarkup(createElement(L[name], props));
      const sprite = renderToStaticMarkup(createElement(IconSprite, null, createElement(Icons[name], props)));
      // The same opening tag (size, stroke, classes, aria-hidden), so CSS and layout see the same element.
      expect(sprite.slice(0, sprite.indexOf(">") + 1), name).toBe(inline.slice(0, inline.indexOf(">") + 1));
      const href = /<use href="([^"]+)#([^"]+)">/.exec(sprite);
      expect(href, name).not.toBeNull();
      expect(href![1]).toMatch(/icon-sprite.*\.svg$/);
      expect(ids.has(href![2]), `${name} -> #${href![2]} is in the sprite`).toBe(true);
    }
  });

  test("an icon with a label is not hidden from assistive technology, as with lucide", () => {
    const html = renderToStaticMarkup(
      createElement(IconSprite, null, createElement(Icons.Bell, { "aria-label": "Alerts", role: "img" })),
    );
    expect(html).toContain('aria-label="Alerts"');
    expect(html).not.toContain("aria-hidden");
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inlineStylesheet } from "./inline-stylesheet.server";

describe("inlineStylesheet", () => {
  const cwd = process.cwd();
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-css-"));
    fs.mkdirSync(path.join(dir, "public", "build", "_assets"), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "build", "_assets", "app-1.css"), "body{color:#0f172a}");
    fs.writeFileSync(path.join(dir, "public", "build", "_assets", "bad-1.css"), "a{}</style><script>alert(1)</script>");
    fs.writeFileSync(path.join(dir, "secret.css"), "not a build asset");
    process.chdir(dir);
  });
  afterAll(() => {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("returns the built stylesheet's text, for the document to carry inline", () => {
    expect(inlineStylesheet("/build/_assets/app-1.css")).toBe("body{color:#0f172a}");
  });

  test("falls back (null: the layout links the file) when the file is missing", () => {
    expect(inlineStylesheet("/build/_assets/missing-1.css")).toBeNull();
  });

  test("never inlines text that could close the <style> element", () => {
    expect(inlineStylesheet("/build/_assets/bad-1.css")).toBeNull();
  });

  test("reads only .css files under public/build", () => {
    expect(inlineStylesheet("/build/../../secret.css")).toBeNull();
    expect(inlineStylesheet("/secret.css")).toBeNull();
    expect(inlineStylesheet("/build/_assets/app-1.js")).toBeNull();
  });
});

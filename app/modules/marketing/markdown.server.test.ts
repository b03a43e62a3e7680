import { describe, expect, it } from "vitest";
import { getDoc, getPost, listPosts, parseFrontMatter, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("removes a <script> written in the Markdown", () => {
    const html = renderMarkdown("Hello\n\n<script>alert('x')</script>\n\nWorld");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert(");
    expect(html).toContain("<p>Hello</p>");
    expect(html).toContain("<p>World</p>");
  });

  it("removes event handlers and javascript: links but keeps ordinary links", () => {
    const html = renderMarkdown(
      '<img src="x" onerror="alert(1)">\n\n[bad](javascript:alert(1)) [good](https://example.com/a)',
    );
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('<a href="https://example.com/a">good</a>');
  });

  it("renders tables and code, and turns h1 into h2 so the page keeps one h1", () => {
    const html = renderMarkdown("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<table>");
    expect(html).toContain('<code class="language-js">');
  });

  it("points links to sibling .md files at the rendered docs page", () => {
    expect(renderMarkdown("See [operations](operations.md#backup).")).toContain('href="/docs/operations#backup"');
  });
});

describe("front matter and files", () => {
  it("parses key: value front matter", () => {
    const { data, body } = parseFrontMatter('---\ntitle: "A: title"\ndate: 2026-01-02\n---\nBody text');
    expect(data).toEqual({ title: "A: title", date: "2026-01-02" });
    expect(body).toBe("Body text");
  });

  it("lists at least three blog posts, newest first, each with a title, description and date", () => {
    const posts = listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const p of posts) {
      expect(p.title.length).toBeGreaterThan(10);
      expect(p.description.length).toBeGreaterThan(30);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("refuses slugs that would leave the folder", () => {
    expect(getPost("../package")).toBeNull();
    expect(getDoc("../README")).toBeNull();
    expect(getDoc("decisions/001")).toBeNull();
  });

  it("renders the user guide with its title taken from the first heading", () => {
    const doc = getDoc("user-guide");
    expect(doc?.title).toBeTruthy();
    expect(doc?.html).not.toContain("<h1");
  });
});

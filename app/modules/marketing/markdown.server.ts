/**
 * Markdown for the blog (content/blog/*.md) and the docs (docs/*.md),
 * rendered on the server with `marked` and then sanitised with
 * `sanitize-html`: the files are ours, but sanitising means a mistake or a
 * hostile pull request cannot put a script or an event handler on the site.
 * Files are read relative to process.cwd() (the app's root, as npm start runs it).
 */
import fs from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "h1"), "h1", "img", "del", "input"],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    code: ["class"],
    th: ["align"],
    td: ["align"],
    input: ["type", "checked", "disabled"],
    pre: ["tabindex"],
  },
  allowedClasses: { code: [/^language-[\w+-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  transformTags: {
    // The page renders its own h1 (the post's or document's title): one h1 per page.
    h1: "h2",
    // Links between docs written as `operations.md` lead to the rendered page.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const doc = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w-]*)?$/i.exec(href);
      if (doc) return { tagName, attribs: { ...attribs, href: `/docs/${doc[1].toLowerCase()}${doc[2] ?? ""}` } };
      return { tagName, attribs };
    },
    // Code blocks scroll sideways on small screens: focusable so keyboard users can scroll them.
    pre: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: "0" } }),
    input: (tagName, attribs) =>
      attribs.type === "checkbox"
        ? { tagName, attribs: { ...attribs, disabled: "" } }
        : { tagName: "span", attribs: {} },
  },
};

/** Markdown to sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE);
}

export type FrontMatter = Record<string, string>;

/**
 * Front matter as simple `key: value` lines between `---` fences. Our posts
 * need only strings (title, description, date, author), so a YAML parser
 * would be a dependency for nothing.
 */
export function parseFrontMatter(source: string): { data: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: FrontMatter = {};
  for (const line of match[1].split(/\r?\n/)) {
    const kv = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    data[kv[1]] = kv[2].trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return { data, body: text.slice(match[0].length) };
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

function readDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith(".md"));
  } catch {
    return [];
  }
}

function readFile(dir: string, slug: string): string | null {
  // The slug pattern forbids dots and slashes, so no path can leave the folder.
  if (!SLUG.test(slug)) return null;
  try {
    return fs.readFileSync(path.join(dir, `${slug}.md`), "utf8");
  } catch {
    return null;
  }
}

/** Plain text of the first paragraph, for descriptions. */
function firstParagraph(body: string): string {
  const para = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith("#") && !p.startsWith("```") && !p.startsWith("|") && !p.startsWith("-"));
  if (!para) return "";
  const text = para
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 200 ? `${text.slice(0, 197).replace(/\s+\S*$/, "")}…` : text;
}

// ---------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------

export const blogDir = () => path.join(process.cwd(), "content", "blog");

export type PostSummary = { slug: string; title: string; description: string; date: string; author: string };
export type Post = PostSummary & { html: string };

function toPost(slug: string, source: string): Post {
  const { data, body } = parseFrontMatter(source);
  return {
    slug,
    title: data.title ?? slug,
    description: data.description ?? firstParagraph(body),
    date: data.date ?? "",
    author: data.author ?? "The Rampart team",
    html: renderMarkdown(body),
  };
}

/** Every post, newest first. */
export function listPosts(): PostSummary[] {
  const dir = blogDir();
  return readDir(dir)
    .map((file) => file.slice(0, -3))
    .filter((slug) => SLUG.test(slug))
    .map((slug) => {
      const { html: _html, ...summary } = toPost(slug, readFile(dir, slug) ?? "");
      return summary;
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

export function getPost(slug: string): Post | null {
  const source = readFile(blogDir(), slug);
  return source === null ? null : toPost(slug, source);
}

// ---------------------------------------------------------------------------
// Docs: the same docs/ folder the developers keep (not docs/decisions).
// ---------------------------------------------------------------------------

export const docsDir = () => path.join(process.cwd(), "docs");

export type DocSummary = { slug: string; title: string; description: string };
export type Doc = DocSummary & { html: string };

/** The order readers want: the user guide first, then running it, then the API. */
const DOC_ORDER = ["user-guide", "operations", "api"];

function toDoc(slug: string, source: string): Doc {
  const { data, body } = parseFrontMatter(source);
  // The first `# Title` line is the page's h1; the rest is the body.
  const heading = /^\s*#\s+(.+?)\s*#*\s*$/m.exec(body);
  const title = data.title ?? heading?.[1] ?? slug;
  const rest =
    heading && body.slice(0, heading.index).trim() === "" ? body.slice(heading.index + heading[0].length) : body;
  return { slug, title, description: data.description ?? firstParagraph(rest), html: renderMarkdown(rest) };
}

export function listDocs(): DocSummary[] {
  const dir = docsDir();
  const rank = (slug: string) => {
    const i = DOC_ORDER.indexOf(slug);
    return i === -1 ? DOC_ORDER.length : i;
  };
  return readDir(dir)
    .map((file) => file.slice(0, -3))
    .filter((slug) => SLUG.test(slug))
    .map((slug) => {
      const { html: _html, ...summary } = toDoc(slug, readFile(dir, slug) ?? "");
      return summary;
    })
    .sort((a, b) => rank(a.slug) - rank(b.slug) || a.title.localeCompare(b.title));
}

export function getDoc(slug: string): Doc | null {
  const source = readFile(docsDir(), slug);
  return source === null ? null : toDoc(slug, source);
}

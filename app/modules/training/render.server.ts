/**
 * HTML the training pages show: course Markdown (marked, then sanitize-html) and template previews (sanitize-html
 * with no scripts, no event handlers and no remote loads; the page shows it in a sandboxed iframe on top).
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { findCourse } from "./courses";
import { PREVIEW_VARIABLES, renderTemplate } from "./templates";

const marked = new Marked({ gfm: true, async: false });

const COURSE_HTML: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.filter((t) => t !== "h1"),
  allowedAttributes: { a: ["href", "title"], code: ["class"] },
  allowedSchemes: ["https", "mailto"],
};

/** A course's lesson as sanitised HTML. */
export function courseHtml(courseId: string): string {
  const course = findCourse(courseId);
  return course ? sanitizeHtml(marked.parse(course.markdown) as string, COURSE_HTML) : "";
}

const TEMPLATE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "font", "center"],
  allowedAttributes: {
    "*": ["style", "align", "width", "height", "bgcolor", "color"],
    a: ["href", "title", "style"],
    img: ["alt", "width", "height", "style"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
};

/** Sanitises HTML imported or written for a template: what a campaign mails is this. */
export function sanitizeTemplateHtml(html: string): string {
  // {{.URL}} in a href has no scheme: sanitize-html keeps it as a relative link, which the renderer then fills.
  return sanitizeHtml(html, TEMPLATE_HTML);
}

/** A template's HTML filled with sample values and sanitised for the preview (images dropped: no remote loads). */
export function previewHtml(html: string): string {
  return sanitizeHtml(renderTemplate(html, PREVIEW_VARIABLES, "html"), {
    ...TEMPLATE_HTML,
    allowedTags: TEMPLATE_HTML.allowedTags && (TEMPLATE_HTML.allowedTags as string[]).filter((t) => t !== "img"),
  });
}

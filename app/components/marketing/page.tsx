import type { ReactNode } from "react";

/**
 * The frame of a public content page: one <main> landmark, one h1, an
 * optional eyebrow and lead paragraph, then the page's own sections.
 */
export function MarketingPage({
  eyebrow,
  title,
  lead,
  children,
  width = "narrow",
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: "narrow" | "wide";
}) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={`mx-auto px-4 py-12 sm:py-16 [&_a:not([class*=btn])]:underline ${width === "wide" ? "max-w-6xl" : "max-w-3xl"}`}
    >
      <header className="mb-10">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {lead ? <div className="mt-4 text-lg leading-8 text-ink-muted">{lead}</div> : null}
      </header>
      {children}
    </main>
  );
}

/** A titled section of a content page. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId =
    id ??
    `s-${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-ink">
        {title}
      </h2>
      <div className="space-y-3 leading-7 text-ink">{children}</div>
    </section>
  );
}

/** A bulleted list with the house style. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** Server-rendered, sanitised HTML (markdown.server.ts) with the prose styles. */
export function Prose({ html }: { html: string }) {
  return <div className="prose-rampart max-w-none" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A calm callout for a note that must not be missed (e.g. "illustrative scenario"). */
export function Note({ children, label = "Note" }: { children: ReactNode; label?: string }) {
  return (
    <aside
      aria-label={label}
      className="mb-8 rounded-card border border-brand/30 bg-brand-light px-4 py-3 text-sm text-ink"
    >
      {children}
    </aside>
  );
}

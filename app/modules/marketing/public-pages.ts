/**
 * The public marketing pages that search engines should index, in one list
 * for the sitemap and the end-to-end tests. /auth-debug (noindex) and the
 * signed-in pages outside the shell are deliberately absent.
 */
export const INDEXED_PUBLIC_PATHS = [
  "/",
  "/pricing",
  "/about",
  "/blog",
  "/case-studies",
  "/contact",
  "/demo",
  "/demo-materials",
  "/cyber-solutions",
  "/breach-check",
  "/privacy-policy",
  "/terms",
  "/acceptable-use",
  "/trust",
  "/docs",
  "/resources",
  "/cybersecurity-best-practices",
  "/dark-web-threat-intelligence",
  "/phishing-defense",
  "/privacy-compliance",
] as const;

/** Signed-in pages outside the shell: signed-out visitors are sent to /login?redirectTo=<path>. */
export const SIGNED_IN_PUBLIC_PATHS = [
  "/manufacturing",
  "/finance",
  "/retail",
  "/healthcare",
  "/features",
  "/auth0-setup",
] as const;

/**
 * A locale-free number for the executive view's cost line (kept while that section is reworked); pages format
 * dates and numbers with useFormat() (app/lib/format-context.tsx).
 */

export function formatNumber(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

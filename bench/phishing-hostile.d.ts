export const CASES: Record<string, (n: number) => string>;
export const SIZES: Record<
  | "auth-results-unclosed-paren"
  | "pdf-openaction-repeated"
  | "html-input-repeated"
  | "link-text-a-dot"
  | "display-name-a-dot",
  number
>;

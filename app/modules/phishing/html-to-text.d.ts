// html-to-text 10 (installed with mailparser) ships no types; only what the analyzer uses.
declare module "html-to-text" {
  export type DomNode = {
    type: string;
    name?: string;
    data?: string;
    attribs?: Record<string, string>;
    children?: DomNode[];
  };
  export type BlockTextBuilder = {
    addInline(str: string, options?: { noWordTransform?: boolean }): void;
  };
  export type FormatCallback = (
    elem: DomNode,
    walk: (nodes: DomNode[] | undefined, builder: BlockTextBuilder) => void,
    builder: BlockTextBuilder,
    formatOptions: Record<string, unknown>,
  ) => void;
  export type HtmlToTextOptions = {
    wordwrap?: number | false | null;
    limits?: { maxInputLength?: number; maxChildNodes?: number; maxDepth?: number };
    selectors?: { selector: string; format?: string; options?: Record<string, unknown> }[];
    formatters?: Record<string, FormatCallback>;
  };
  export function convert(html: string, options?: HtmlToTextOptions): string;
}

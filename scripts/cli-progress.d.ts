// The part of cli-progress (untyped) that scripts/import-pwned.ts uses.
declare module "cli-progress" {
  type Payload = Record<string, unknown>;
  export class SingleBar {
    constructor(options: { format?: string; hideCursor?: boolean }, preset?: unknown);
    start(total: number, start: number, payload?: Payload): void;
    update(value: number, payload?: Payload): void;
    stop(): void;
  }
  export const Presets: { shades_classic: unknown };
  const cliProgress: { SingleBar: typeof SingleBar; Presets: typeof Presets };
  export default cliProgress;
}

// The part of cli-progress the TypeScript scripts use (the package ships no types).
declare module "cli-progress" {
  export class SingleBar {
    constructor(options: Record<string, unknown>, preset?: unknown);
    start(total: number, start: number, payload?: Record<string, unknown>): void;
    update(value: number, payload?: Record<string, unknown>): void;
    stop(): void;
  }
  export const Presets: { shades_classic: unknown };
  const cliProgress: { SingleBar: typeof SingleBar; Presets: typeof Presets };
  export default cliProgress;
}

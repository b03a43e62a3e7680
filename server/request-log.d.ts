export function loggablePath(path: string | null | undefined): string;
export function createLogger(
  out?: NodeJS.WritableStream,
): ((fields: Record<string, unknown>) => void) & { flush(): void };
export function redactSecrets(text: unknown): string;

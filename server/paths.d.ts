export function databasePathFrom(url: string | undefined): string;
export function databasePath(): string;

export function migrateDatabase(file?: string): string;

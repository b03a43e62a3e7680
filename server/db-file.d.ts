export const DATABASE_FILE_MODE: number;
export function preparePrivateDatabaseFile(file: string): string;

export function parseTrustProxy(value: string | undefined): false | number | string[];
export function describeTrustProxy(setting: false | number | string[]): string;

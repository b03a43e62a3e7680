/**
 * What each teaser page tells a signed-out visitor (spec §2, teaser pages).
 * Specific and true to what the module does in Rampart.
 */
export type Teaser = { title: string; lead: string; points: string[] };

export const TEASERS: Record<string, Teaser> = {};

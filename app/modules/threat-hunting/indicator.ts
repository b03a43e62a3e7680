/** What a hunt accepts as an indicator; shared by the form (browser) and the search (server). */
export const MAX_QUERY_LENGTH = 200;

export function normaliseIndicator(raw: string | null | undefined) {
  return (raw ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

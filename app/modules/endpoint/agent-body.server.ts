/**
 * The body reader of the agent endpoints (osquery's TLS API and the collector): JSON within a size cap, streamed so
 * a larger body is refused without being held, and within the bounded-JSON shape limits.
 */
import { parseBoundedJson } from "~/lib/bounded-json";
import { bad, type Answer } from "./osquery.server";

/** A log batch of a large host (a few thousand packages) is well under this; osquery splits bigger ones. */
export const MAX_AGENT_BODY_BYTES = 8 * 1024 * 1024;

/** Reads the agent's JSON body within the size cap (streamed: a larger body is refused without being held). */
export async function readAgentBody(
  request: Request,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; answer: Answer }> {
  if (!request.body) return { ok: false, answer: bad("Send a JSON body") };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_AGENT_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return { ok: false, answer: bad(`The body is larger than ${MAX_AGENT_BODY_BYTES / 1024 / 1024} MB`, 413) };
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) return { ok: false, answer: bad(parsed.message) };
  if (!parsed.value || typeof parsed.value !== "object" || Array.isArray(parsed.value))
    return { ok: false, answer: bad("Send a JSON object") };
  return { ok: true, value: parsed.value as Record<string, unknown> };
}

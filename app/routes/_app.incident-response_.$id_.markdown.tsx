/** GET /incident-response/:id/markdown — the case report as Markdown, with what the reader's role may see. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { markdownExport } from "~/modules/incidents";

export const loader = ({ request, params }: LoaderFunctionArgs) => markdownExport(request, params.id ?? "");

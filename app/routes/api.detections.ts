/** GET /api/detections?limit=&ruleId=&since= — detections, newest first. Handler: app/modules/detection/api.server.ts. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { listDetectionsApi } from "~/modules/detection/api.server";

export const loader = ({ request }: LoaderFunctionArgs) => listDetectionsApi(request);

export const action = onlyGet;

/** GET /api/compliance/frameworks: each adopted framework as { framework, score, controls[] {id, name, status, evidence} }. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { frameworksApiLoader } from "~/modules/compliance/route.server";

export const loader = ({ request }: LoaderFunctionArgs) => frameworksApiLoader(request);

/** Splunk HEC raw endpoint (POST /services/collector/raw[/1.0]): one event per line, channel required. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { hecRawApi } from "~/modules/events";

export const loader = ({ request }: LoaderFunctionArgs) => hecRawApi(request);
export const action = ({ request }: ActionFunctionArgs) => hecRawApi(request);

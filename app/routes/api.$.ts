import { notFound } from "~/lib/http.server";

// Any /api path without a route: 404 JSON, whatever the method.
export const loader = () => notFound();
export const action = () => notFound();

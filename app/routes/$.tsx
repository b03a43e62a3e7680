import { NotFoundPage } from "~/components/error-screens";

export const meta = () => [{ title: "Page not found · Rampart" }, { name: "robots", content: "noindex" }];

// Unknown routes: answer 404 and show the not-found page.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

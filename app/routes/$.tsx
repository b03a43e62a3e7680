import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFoundPage } from "~/components/error-screens";
import { PublicChrome } from "~/components/public-chrome";
import { getSession } from "~/modules/accounts/session.server";

export const meta = () => [{ title: "Page not found · Rampart" }, { name: "robots", content: "noindex" }];

// Unknown routes: answer 404 and show the not-found page inside the site's header and footer, so a person who
// followed a dead link has the navigation (and, signed in, the way back to the dashboard) at hand (issue 32).
export async function loader({ request }: LoaderFunctionArgs) {
  return data({ signedIn: (await getSession(request)) !== null }, { status: 404 });
}

export default function NotFound() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <PublicChrome signedIn={signedIn}>
      <NotFoundPage signedIn={signedIn} />
    </PublicChrome>
  );
}

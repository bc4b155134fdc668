import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <TriangleAlert className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-ink">Something went wrong</h1>
        <p className="text-muted">
          The page could not be shown. Reloading usually fixes it; if it does not, please try again in a few minutes.
        </p>
        {detail ? <p className="font-mono text-xs text-muted">{detail}</p> : null}
        <div className="flex gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <Link to={paths.home} reloadDocument>
              Go home
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}

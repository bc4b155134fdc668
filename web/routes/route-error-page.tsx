import { buttonVariants } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export default function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error && error.name !== "Error" ? error.name : null;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-2xl font-bold text-danger" aria-hidden>
          !
        </span>
        <h1 className="text-2xl font-bold text-ink">Something went wrong</h1>
        <p className="text-muted">
          The page could not be shown. Reloading usually fixes it; if it does not, please try again in a few minutes.
        </p>
        {detail ? <p className="font-mono text-xs text-muted">{detail}</p> : null}
        <div className="flex gap-3">
          <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
            Reload
          </button>
          {/* A full page load: the app's state may be what failed. */}
          <a href={paths.home} className={buttonVariants({ variant: "outline" })}>
            Go home
          </a>
        </div>
      </div>
    </main>
  );
}

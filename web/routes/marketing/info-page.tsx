import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Button } from "../../components/ui/button";
import { paths } from "../../lib/paths";
import type { InfoPage as InfoPageData } from "./info-pages";

/** A public page with its real heading and a short, honest summary until its full content ships. */
export function InfoPage({ page }: { page: InfoPageData }) {
  return (
    <>
      <section className="bg-navy-950 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-brass-300 uppercase">{page.eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{page.title}</h1>
        </div>
      </section>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <p className="text-lg leading-relaxed text-ink">{page.summary}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.pricing}>
              See membership plans
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.home}>Back to home</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

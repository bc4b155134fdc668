import { ArrowDownIcon, ShieldCheckIcon } from "../../components/ui/first-load-icons";
import { Button } from "../../components/ui/button";

type HomeHeroProps = { onJoinFree: () => void; onViewPlans: () => void };

/** Home hero: who it is for, Join Free and View Paid Plans. */
export function HomeHero({ onJoinFree, onViewPlans }: HomeHeroProps) {
  return (
    <section className="relative overflow-hidden bg-navy-950 text-white">
      <div
        className="banner-glow pointer-events-none absolute inset-0 opacity-40"
        aria-hidden
      />
      <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brass-200 ring-1 ring-white/15">
            <ShieldCheckIcon className="size-4" aria-hidden />
            Veteran-owned · For product inventors and Brand CEOs
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Turn your invention into a brand that sells.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-navy-200">
            Join inventors and brand owners who share what actually works, from the first prototype to manufacturing,
            marketing and scaling. Live mastermind sessions, a resource library and training from people who have put
            products on the shelf.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" variant="accent" onClick={onJoinFree}>
              Join Free
            </Button>
            <Button size="lg" variant="inverse" onClick={onViewPlans}>
              View Paid Plans
              <ArrowDownIcon aria-hidden />
            </Button>
          </div>
          <p className="mt-4 text-sm text-navy-300">Free to join. Paid plans are month to month.</p>
        </div>
        <img
          src="/images/hero/idea-to-shelf.svg"
          alt="A sketch of an invention becoming a prototype, a production run and a boxed product on a store shelf"
          width={560}
          height={440}
          // Lazy: on phones the picture is hidden, and a hidden lazy image is never fetched.
          loading="lazy"
          className="hidden h-auto w-full max-w-xl justify-self-end lg:block"
        />
      </div>
    </section>
  );
}

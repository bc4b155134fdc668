import { ArrowDown, Factory, Lightbulb, Rocket, ShieldCheck, Store, Wrench } from "lucide-react";
import { Button } from "../../components/ui/button";

const stages = [
  { icon: Lightbulb, title: "Idea", text: "Validate it before you spend on it" },
  { icon: Wrench, title: "Prototype", text: "Design, patents and first samples" },
  { icon: Factory, title: "Manufacturing", text: "Sourcing, quotes and quality checks" },
  { icon: Store, title: "Launch", text: "Market testing, pricing and listings" },
  { icon: Rocket, title: "Scale", text: "Retail, wholesale and a brand that lasts" },
];

type HomeHeroProps = { onJoinFree: () => void; onViewPlans: () => void };

/** Home hero: who it is for, Join Free and View Paid Plans. */
export function HomeHero({ onJoinFree, onViewPlans }: HomeHeroProps) {
  return (
    <section className="relative overflow-hidden bg-navy-950 text-white">
      <div
        className="pointer-events-none absolute inset-0 opacity-40 [background:radial-gradient(60rem_30rem_at_85%_-10%,var(--color-navy-600),transparent),radial-gradient(40rem_20rem_at_-10%_110%,var(--color-brass-700),transparent)]"
        aria-hidden
      />
      <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brass-200 ring-1 ring-white/15">
            <ShieldCheck className="size-4" aria-hidden />
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
              <ArrowDown aria-hidden />
            </Button>
          </div>
          <p className="mt-4 text-sm text-navy-300">Free to join. Paid plans are month to month.</p>
        </div>
        <ol className="grid gap-3 rounded-2xl bg-white/5 p-5 ring-1 ring-white/10 backdrop-blur sm:p-6" aria-label="Where members get help">
          {stages.map((stage, index) => (
            <li key={stage.title} className="flex items-center gap-4 rounded-xl bg-white/5 px-4 py-3 ring-1 ring-white/5">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <stage.icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold">
                  <span className="mr-2 text-brass-300">{String(index + 1).padStart(2, "0")}</span>
                  {stage.title}
                </p>
                <p className="text-sm text-navy-300">{stage.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

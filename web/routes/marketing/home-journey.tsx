import { LightbulbIcon } from "../../components/ui/first-load-icons";
import { FactoryIcon, RocketIcon, StoreIcon, WrenchIcon } from "./home-icons";

const stages = [
  { icon: LightbulbIcon, title: "Idea", text: "Validate it before you spend on it" },
  { icon: WrenchIcon, title: "Prototype", text: "Design, patents and first samples" },
  { icon: FactoryIcon, title: "Manufacturing", text: "Sourcing, quotes and quality checks" },
  { icon: StoreIcon, title: "Launch", text: "Market testing, pricing and listings" },
  { icon: RocketIcon, title: "Scale", text: "Retail, wholesale and a brand that lasts" },
];

/** The five stages members get help with, as a numbered path. */
export function HomeJourney() {
  return (
    <section className="bg-navy-50" aria-labelledby="journey-heading">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="journey-heading" className="text-center text-sm font-semibold tracking-wider text-navy-700 uppercase">
          Where members get help
        </h2>
        <ol className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {stages.map((stage, index) => (
            <li key={stage.title} className="flex items-center gap-4 rounded-xl bg-surface px-4 py-4 shadow-card lg:flex-col lg:items-start">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <stage.icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  <span className="mr-2 text-brass-700">{String(index + 1).padStart(2, "0")}</span>
                  {stage.title}
                </p>
                <p className="text-sm text-muted">{stage.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

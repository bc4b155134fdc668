import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import type { DashboardCard } from "../dashboard-cards";

/** A grid of link cards; the whole card is the link. */
export function DashboardCardGrid({ cards }: { cards: DashboardCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((card) => (
        <li key={card.to}>
          <Link
            to={card.to}
            className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card transition-all hover:-translate-y-0.5 hover:border-navy-200 hover:shadow-md"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-navy-50 text-navy-700 transition-colors group-hover:bg-primary group-hover:text-accent">
              <card.icon className="size-5" aria-hidden />
            </span>
            <span className="flex items-center gap-1.5 font-semibold text-ink">
              {card.title}
              <ArrowRight className="size-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
            </span>
            <span className="text-sm text-muted">{card.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

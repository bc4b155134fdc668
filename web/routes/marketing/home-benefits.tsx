import { BookOpenIcon, GraduationCapIcon, MessagesSquareIcon, PresentationIcon } from "./home-icons";

const benefits = [
  {
    icon: PresentationIcon,
    title: "Mastermind sessions",
    text: "Bring your product's hardest problem to a live session and leave with a plan and people who will hold you to it.",
  },
  {
    icon: MessagesSquareIcon,
    title: "A community that has done it",
    text: "Ask about tooling costs, retail buyers or your first production run, and hear from members who have been there.",
  },
  {
    icon: BookOpenIcon,
    title: "Resource library",
    text: "Templates, checklists and guides for patents, sourcing, pricing, marketing and funding, ready to use.",
  },
  {
    icon: GraduationCapIcon,
    title: "Training and University",
    text: "Video lessons and courses that take you step by step from a sketch to a product customers reorder.",
  },
];

/** What a membership brings, in four cards. */
export function HomeBenefits() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">Why members join</p>
        <h2 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Everything between the idea and the store shelf
        </h2>
        <p className="mt-4 text-lg text-muted">
          Building a product alone is slow and expensive. Our members trade experience so fewer of them pay for the same
          mistakes twice.
        </p>
      </div>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border border-border bg-surface p-6 shadow-card">
            <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
              <benefit.icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold text-ink">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

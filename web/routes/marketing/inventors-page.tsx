import { Link } from "react-router";
import { ArrowDown, BadgeCheck, Factory, FileCheck2, Handshake, Presentation, Rocket } from "lucide-react";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Button } from "../../components/ui/button";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { PaidPlanCards } from "../../features/plans/components/paid-plan-cards";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const benefits = [
  {
    icon: Handshake,
    title: "Mentors who have shipped",
    text: "Advice from inventors and Brand CEOs who have already paid for tooling, negotiated with factories and pitched retail buyers.",
  },
  {
    icon: Presentation,
    title: "Live mastermind sessions",
    text: "Bring your hardest problem to a small group each month and leave with next steps and people who will check on them.",
  },
  {
    icon: Factory,
    title: "Vetted manufacturer introductions",
    text: "Meet prototype shops, factories and packaging suppliers that other members have worked with and would use again.",
  },
  {
    icon: FileCheck2,
    title: "Patent and IP guidance",
    text: "Understand provisional patents, trademarks and NDAs before you spend, and know which questions to ask an attorney.",
  },
  {
    icon: Rocket,
    title: "Launch playbooks",
    text: "Step-by-step courses and templates for Amazon, crowdfunding and retail, from the first listing to the first reorder.",
  },
  {
    icon: BadgeCheck,
    title: "Veteran-owned and accountable",
    text: "We run the community the way we served: show up, tell the truth, leave no one behind. Month to month, cancel any time.",
  },
];

const stories = [
  {
    name: "Angela Ruiz",
    role: "Founder of PawPlate",
    image: "/images/brands/pawplate.svg",
    imageAlt: "The PawPlate slow-feeder bowl with its spiral maze",
    story:
      "Angela's dog finished every meal in thirty seconds and was sick after half of them. She sketched a slow-feeder bowl at her kitchen table, then stalled for a year on a $4,000 tooling quote. In the community she learned to start with silicone molds for her first 500 bowls, and a mentor walked her through her Amazon launch week line by line.",
    results: ["First production run sold out in 9 weeks", "Now stocked by 40 independent pet stores"],
    quote: "I stopped guessing. Every decision I made that year, somebody in the room had already made it once.",
  },
  {
    name: "Derrick Coleman",
    role: "U.S. Navy veteran, founder of TrailNest",
    image: "/images/brands/trailnest.svg",
    imageAlt: "TrailNest compression packing cubes with a zip-off laundry pocket",
    story:
      "After twenty years of living out of a sea bag, Derrick knew exactly what a packing cube was missing. What he did not know was how to find a factory, price a product or run a crowdfunding campaign. The mastermind group reviewed his factory quotes, rewrote his campaign page and introduced him to the buyer who put TrailNest on a regional outdoor retailer's shelves.",
    results: ["Raised $48,000 from 1,100 backers on Kickstarter", "Stocked by a regional outdoor retailer within a year"],
    quote: "The Navy taught me to ask for help early. This community is where I asked.",
  },
];

/** The inventors landing page (spec 000 §2): tagline, benefits, two success stories and three Join Now plans. */
export default function InventorsPage() {
  usePublicPageMeta(paths.inventors);
  const { openAuthModal } = useAuthModal();

  return (
    <>
      <PageBanner
        eyebrow="For product inventors"
        title="The Inventors Community"
        lead={
          <p>
            You have the idea. We have the road map, and the people who have already walked it: from the first prototype
            to a factory, a patent, a launch and a brand that lasts.
          </p>
        }
        actions={
          <>
            <Button asChild size="lg" variant="accent">
              <a href="#plans">
                Choose your plan
                <ArrowDown aria-hidden />
              </a>
            </Button>
            <Button size="lg" variant="inverse" onClick={() => openAuthModal("signup")}>
              Join Free first
            </Button>
          </>
        }
        aside={<img src="/images/hero/idea-to-shelf.svg" alt="" width={560} height={440} className="h-auto w-full max-w-lg justify-self-end" />}
      />

      <Section labelledBy="inventors-benefits-heading">
        <SectionHeading
          id="inventors-benefits-heading"
          eyebrow="What you get"
          title="Stop paying for the same mistakes twice"
          lead="Most inventors lose a year and their savings to problems someone else has already solved. Membership puts those people on your side."
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
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
      </Section>

      <Section tone="surface" labelledBy="stories-heading">
        <SectionHeading id="stories-heading" eyebrow="Success stories" title="Members who made it to the shelf" />
        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          {stories.map((story) => (
            <article key={story.name} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-card">
              <img src={story.image} alt={story.imageAlt} width={640} height={360} loading="lazy" className="aspect-video w-full object-cover" />
              <div className="flex flex-1 flex-col p-6 sm:p-8">
                <h3 className="text-xl font-bold text-ink">{story.name}</h3>
                <p className="text-sm font-medium text-brass-700">{story.role}</p>
                <p className="mt-4 leading-relaxed text-ink">{story.story}</p>
                <ul className="mt-5 grid gap-2">
                  {story.results.map((result) => (
                    <li key={result} className="flex items-start gap-2 text-sm font-semibold text-success">
                      <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
                      {result}
                    </li>
                  ))}
                </ul>
                <blockquote className="mt-6 border-l-4 border-accent pl-4 text-muted italic">“{story.quote}”</blockquote>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section id="plans" labelledBy="inventors-plans-heading">
        <SectionHeading
          id="inventors-plans-heading"
          eyebrow="Membership"
          title="Pick the plan for where your product is today"
          lead="Billed monthly. Upgrade, downgrade or cancel from your account at any time."
          align="center"
        />
        <div className="mt-12">
          <PaidPlanCards />
        </div>
        <p className="mt-8 text-center text-sm text-muted">
          Not ready to pay?{" "}
          <Link to={paths.pricing} className="font-semibold text-navy-700 underline underline-offset-4">
            Compare every plan, including Free
          </Link>
        </p>
      </Section>

      <CtaBand
        headingId="inventors-cta-heading"
        title="Not sure which plan fits?"
        text="Tell us where your product stands and we will point you to the right place, free of charge."
        actions={
          <Button asChild size="lg" variant="accent">
            <Link to={paths.refNumber}>Schedule a Call</Link>
          </Button>
        }
      />
    </>
  );
}

import { Link } from "react-router";
import { Compass, HeartHandshake, Medal, MessageCircleWarning } from "lucide-react";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Button } from "../../components/ui/button";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const values = [
  { icon: Medal, title: "Mission first", text: "Your product reaching customers is the goal. Every session, course and service is measured against it." },
  { icon: MessageCircleWarning, title: "Straight talk", text: "We would rather tell you a quote is too high or a market too small now than watch you find out later." },
  { icon: HeartHandshake, title: "No one left behind", text: "Experienced members pull the next ones up. Asking for help early is a strength here, not a weakness." },
  { icon: Compass, title: "Built to last", text: "We care about the second production run and the tenth reorder, not just a launch-day spike." },
];

const team = [
  { name: "Marcus Hale", role: "Founder & CEO", bio: "U.S. Army veteran and inventor of two patented products. Hosts the monthly mastermind.", image: "/images/people/founder.svg" },
  { name: "Grace Lin", role: "Sourcing & Supply Chain Lead", bio: "Fifteen years placing production runs in the USA and Asia, and the person members call before signing a factory contract.", image: "/images/people/grace-lin.svg" },
  { name: "Tasha Greene", role: "E-commerce Mentor", bio: "Built and sold two Amazon brands; teaches the Amazon Launch Playbook.", image: "/images/people/tasha-greene.svg" },
  { name: "Robert Sims", role: "Retail Mentor", bio: "Former big-box category buyer who now helps members prepare for line reviews.", image: "/images/people/robert-sims.svg" },
];

/** /about: the company's story, values and team. */
export default function AboutPage() {
  usePublicPageMeta(paths.about);
  const { openAuthModal } = useAuthModal();

  return (
    <>
      <PageBanner
        eyebrow="Our story"
        title="About"
        lead={
          <p>
            We are a veteran-owned company that helps product inventors and Brand CEOs bring their products to market,
            with a community of people who have done it before.
          </p>
        }
      />

      <Section className="grid gap-10 lg:grid-cols-2 lg:items-center" labelledBy="story-heading">
        <div>
          <SectionHeading id="story-heading" eyebrow="How it started" title="A garage, a prototype and a lot of wrong turns" />
          <div className="mt-6 grid gap-4 text-lg leading-relaxed text-ink">
            <p>
              After twelve years as a U.S. Army logistics officer, Marcus Hale came home to Florida with an idea for a
              modular tool organizer for pickup trucks. He knew how to move equipment across a continent. He did not
              know how to get a product made.
            </p>
            <p>
              The first factory quote nearly ended it. The second prototype cost more than the first. It took three years,
              a patent attorney, two manufacturers and a great deal of his savings to reach a store shelf, and most of
              those lessons were ones other inventors had already learned.
            </p>
            <p>
              So he started inviting inventors to his garage on Thursday nights to compare notes. Those evenings became
              The Inventors Community: mastermind sessions, courses, a resource library and a network of people who
              answer each other&apos;s calls.
            </p>
          </div>
        </div>
        <img
          src="/images/about/workshop.svg"
          alt="Inventors around a workbench with a prototype, sketches and a laptop"
          width={640}
          height={520}
          loading="lazy"
          className="h-auto w-full rounded-2xl bg-navy-50"
        />
      </Section>

      <Section tone="surface" labelledBy="values-heading">
        <SectionHeading
          id="values-heading"
          eyebrow="What we believe"
          title="Run the way we served"
          lead="Being veteran-owned is not a badge on our website. It is how we run the community."
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl bg-background p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <value.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-ink">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="team-heading">
        <SectionHeading id="team-heading" eyebrow="The people" title="Who you will meet" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((person) => (
            <li key={person.name} className="rounded-xl border border-border bg-surface p-6 text-center shadow-card">
              <img src={person.image} alt="" width={96} height={96} loading="lazy" className="mx-auto size-24 rounded-full bg-navy-100" />
              <h3 className="mt-4 font-semibold text-ink">{person.name}</h3>
              <p className="text-sm font-medium text-brass-700">{person.role}</p>
              <p className="mt-3 text-sm leading-relaxed text-muted">{person.bio}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-muted">
          Want to see what we do together? Visit the{" "}
          <Link to={paths.mastermind} className="font-semibold text-navy-700 underline underline-offset-4">
            mastermind sessions
          </Link>
          , the{" "}
          <Link to={paths.university} className="font-semibold text-navy-700 underline underline-offset-4">
            University
          </Link>{" "}
          or the{" "}
          <Link to={paths.brands} className="font-semibold text-navy-700 underline underline-offset-4">
            brands our members built
          </Link>
          .
        </p>
      </Section>

      <CtaBand
        headingId="about-cta-heading"
        title="Pull up a chair"
        text="Join free to meet the community, or tell us about your product and we will point you in the right direction."
        actions={
          <>
            <Button size="lg" variant="accent" onClick={() => openAuthModal("signup")}>
              Join Free
            </Button>
            <Button asChild size="lg" variant="inverse">
              <Link to={paths.contact}>Contact us</Link>
            </Button>
          </>
        }
      />
    </>
  );
}

import { Link } from "react-router";
import { Check, Factory, Megaphone, PencilRuler } from "lucide-react";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Button } from "../../components/ui/button";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const serviceGroups = [
  {
    id: "product-development",
    icon: PencilRuler,
    title: "Product Development",
    promise: "From a sketch to a prototype a factory can quote.",
    image: "/images/services/product-development.svg",
    services: [
      "Idea validation and market research before you spend",
      "Industrial design, CAD models and technical drawings",
      "Prototypes by 3D printing, CNC machining and soft tooling",
      "Patent and trademark coordination with our partner attorneys",
    ],
  },
  {
    id: "manufacturing-sourcing",
    icon: Factory,
    title: "Manufacturing & Sourcing",
    promise: "Factories you can trust, at a price that leaves you a margin.",
    image: "/images/services/manufacturing-sourcing.svg",
    services: [
      "Supplier search and vetting, in the USA and overseas",
      "Requests for quotation, samples and price negotiation",
      "Quality inspections, safety testing and compliance paperwork",
      "Packaging, freight and fulfillment set-up for your first run",
    ],
  },
  {
    id: "marketing-launch",
    icon: Megaphone,
    title: "Marketing & Launch",
    promise: "A launch that earns the second order, not just the first.",
    image: "/images/services/marketing-launch.svg",
    services: [
      "Brand identity, packaging design and product photography",
      "Amazon listings, A+ content and advertising management",
      "Crowdfunding campaign strategy and page build",
      "Retail sell sheets, line review preparation and buyer introductions",
    ],
  },
];

const process = [
  { title: "Discovery call", text: "A free 30-minute call about your product, your budget and your timeline." },
  { title: "A written plan", text: "What we would do, in what order, with a fixed quote for each step. No retainers." },
  { title: "We build it with you", text: "Weekly check-ins, shared files and decisions you understand, not a black box." },
  { title: "Launch and hand-over", text: "You keep every file, contact and account, and the community keeps helping after." },
];

/** /services (spec 000 §2): the three service groups, how an engagement runs and the link to /pricing. */
export default function ServicesPage() {
  usePublicPageMeta(paths.services);

  return (
    <>
      <PageBanner
        eyebrow="Work with our team"
        title="Services"
        lead={
          <p>
            Some steps are worth handing to people who do them every week. Our team and partner network help with
            development, manufacturing and launch, one fixed-price step at a time.
          </p>
        }
        actions={
          <Button asChild size="lg" variant="accent">
            <Link to={paths.refNumber}>Book a free discovery call</Link>
          </Button>
        }
      />

      <Section labelledBy="service-groups-heading">
        <SectionHeading id="service-groups-heading" eyebrow="What we do" title="Three ways we can help" />
        <div className="mt-10 grid gap-8">
          {serviceGroups.map((group, index) => (
            <article
              key={group.id}
              id={group.id}
              className="grid scroll-mt-24 overflow-hidden rounded-2xl border border-border bg-surface shadow-card md:grid-cols-2"
            >
              <img
                src={group.image}
                alt=""
                width={640}
                height={400}
                loading={index === 0 ? "eager" : "lazy"}
                className={`h-full w-full bg-navy-50 object-cover ${index % 2 === 1 ? "md:order-2" : ""}`}
              />
              <div className="p-6 sm:p-10">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
                  <group.icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-2xl font-bold tracking-tight text-ink">{group.title}</h3>
                <p className="mt-2 text-lg text-muted">{group.promise}</p>
                <ul className="mt-6 grid gap-3">
                  {group.services.map((service) => (
                    <li key={service} className="flex gap-3 text-ink">
                      <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden />
                      {service}
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section tone="surface" labelledBy="process-heading">
        <SectionHeading id="process-heading" eyebrow="How it works" title="Clear steps, fixed prices" align="center" />
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {process.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-background p-6">
              <span className="text-3xl font-extrabold text-brass-700" aria-hidden>
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBand
        headingId="services-cta-heading"
        title="Members get priority and member pricing"
        text="Every paid plan includes priority scheduling and member rates on our services, plus the mastermind sessions and courses that help you do more yourself."
        actions={
          <>
            <Button asChild size="lg" variant="accent">
              <Link to={paths.pricingPage}>See membership plans</Link>
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

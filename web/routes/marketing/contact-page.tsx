import { Link } from "react-router";
import { Clock, Mail, MapPin, MessageSquareReply, Phone } from "lucide-react";
import { PageBanner } from "../../components/layout/page-banner";
import { Section } from "../../components/layout/section";
import { Button } from "../../components/ui/button";
import { usePublicConfig } from "../../features/config/api";
import { PHONE_HOURS, REPLY_PROMISE, telHref } from "../../features/contact/contact-details";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

/** A Google Maps embed of the configured address: no API key, no images hot-linked by us, loaded lazily. */
function mapEmbedUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=14&output=embed`;
}

function mapLinkUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** /contact (spec 000 §2): email, phone (Mon-Fri 9AM-5PM ET), address, a map, the 24-48 hour reply promise and /#pricing. */
export default function ContactPage() {
  usePublicPageMeta(paths.contact);
  const config = usePublicConfig();
  const contact = config.data?.contact;

  const cards = contact
    ? [
        { icon: Mail, title: "Email", value: contact.email, href: `mailto:${contact.email}`, note: REPLY_PROMISE },
        { icon: Phone, title: "Phone", value: contact.phone, href: telHref(contact.phone), note: PHONE_HOURS },
        { icon: MapPin, title: "Office", value: contact.address, href: mapLinkUrl(contact.address), note: "Visits by appointment" },
      ]
    : [];

  return (
    <>
      <PageBanner
        eyebrow="Get in touch"
        title="Contact"
        lead={
          <p>
            Questions about membership, our services or a letter you received? Write or call: a real person from our
            team answers, and we reply within 24-48 hours.
          </p>
        }
      />

      <Section className="grid gap-10">
        <h2 className="sr-only">How to reach us</h2>
        <ul className="grid gap-5 md:grid-cols-3" data-testid="contact-cards">
          {contact
            ? cards.map((card) => (
                <li key={card.title} className="rounded-xl border border-border bg-surface p-6 shadow-card">
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
                    <card.icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-semibold text-ink">{card.title}</h3>
                  <a
                    href={card.href}
                    {...(card.title === "Office" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    className="mt-1 block font-medium break-words text-navy-700 underline-offset-4 hover:underline"
                  >
                    {card.value}
                  </a>
                  <p className="mt-2 text-sm text-muted">{card.note}</p>
                </li>
              ))
            : [0, 1, 2].map((index) => <li key={index} className="h-44 animate-pulse rounded-xl bg-navy-50" aria-hidden />)}
        </ul>

        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <div className="overflow-hidden rounded-xl border border-border bg-navy-50 shadow-card">
            {contact ? (
              <iframe
                src={mapEmbedUrl(contact.address)}
                title={`Map of our office: ${contact.address}`}
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
                className="aspect-[4/3] w-full sm:aspect-video"
              />
            ) : (
              <div className="aspect-[4/3] w-full sm:aspect-video" aria-hidden />
            )}
            {contact ? (
              <p className="border-t border-border bg-surface px-4 py-3 text-sm">
                <a
                  href={mapLinkUrl(contact.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-navy-700 underline-offset-4 hover:underline"
                >
                  Open in Google Maps for directions
                </a>
              </p>
            ) : null}
          </div>
          <div className="grid content-start gap-6">
            <div className="rounded-xl border border-border bg-surface p-6 shadow-card">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
                <Clock className="size-5 text-navy-500" aria-hidden />
                Hours
              </h2>
              <p className="mt-2 text-ink">Phone lines are open {PHONE_HOURS}.</p>
              <p className="mt-1 text-muted">Email any time: {REPLY_PROMISE}</p>
            </div>
            <div className="rounded-xl border border-border bg-surface p-6 shadow-card">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
                <MessageSquareReply className="size-5 text-navy-500" aria-hidden />
                Looking for membership?
              </h2>
              <p className="mt-2 text-muted">Compare the Free, Inventor, Entrepreneur and Brand CEO plans side by side.</p>
              <Button asChild className="mt-4">
                <Link to={paths.pricing}>View membership plans</Link>
              </Button>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}

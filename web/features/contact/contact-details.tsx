import { Mail, MapPin, Phone } from "lucide-react";
import { usePublicConfig } from "../config/api";

/** Business hours for phone calls and the reply promise (spec 000 §2, contact page). */
export const PHONE_HOURS = "Mon-Fri 9AM-5PM ET";
export const REPLY_PROMISE = "We reply within 24-48 hours.";

/** `tel:` form of a display phone number: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The business's address, email and phone from the server's configuration, as an address block. */
export function ContactBlock({ title = "Contact us" }: { title?: string }) {
  const config = usePublicConfig();
  const contact = config.data?.contact;
  return (
    <section aria-labelledby="contact-block-heading" className="rounded-xl border border-border bg-surface p-6 shadow-card" data-testid="contact-block">
      <h2 id="contact-block-heading" className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {contact ? (
        <address className="mt-4 grid gap-3 text-ink not-italic">
          <p className="flex items-start gap-3">
            <MapPin className="mt-0.5 size-5 shrink-0 text-navy-500" aria-hidden />
            <span>
              <span className="sr-only">Postal address: </span>
              The Inventors Community, {contact.address}
            </span>
          </p>
          <p className="flex items-start gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-navy-500" aria-hidden />
            <a href={`mailto:${contact.email}`} className="font-medium text-navy-700 underline-offset-4 hover:underline">
              <span className="sr-only">Email: </span>
              {contact.email}
            </a>
          </p>
          <p className="flex items-start gap-3">
            <Phone className="mt-0.5 size-5 shrink-0 text-navy-500" aria-hidden />
            <span>
              <a href={telHref(contact.phone)} className="font-medium text-navy-700 underline-offset-4 hover:underline">
                <span className="sr-only">Phone: </span>
                {contact.phone}
              </a>{" "}
              <span className="text-muted">({PHONE_HOURS})</span>
            </span>
          </p>
        </address>
      ) : (
        <div className="mt-4 grid gap-3" aria-hidden>
          <div className="h-5 w-3/4 animate-pulse rounded bg-navy-50" />
          <div className="h-5 w-1/2 animate-pulse rounded bg-navy-50" />
          <div className="h-5 w-2/3 animate-pulse rounded bg-navy-50" />
        </div>
      )}
    </section>
  );
}

import { CalendarClock, ClipboardList } from "lucide-react";
import { CALL_REQUEST_MESSAGES } from "../../../common/contracts/call-requests";
import { PageBanner } from "../../components/layout/page-banner";
import { Section } from "../../components/layout/section";
import { CallRequestForm } from "../../features/call-requests/components/call-request-form";
import { usePublicConfig } from "../../features/config/api";
import { PHONE_HOURS, telHref } from "../../features/contact/contact-details";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const preparation = [
  "The reference number printed at the top of your letter",
  "A sentence or two about your invention or product",
  "Where you are today: idea, prototype, patent pending or already selling",
  "Twenty minutes somewhere you can talk freely",
];

/** Without a booking calendar: the request-a-call form, and the phone and email for those who prefer them. */
function BookingByRequest() {
  const contact = usePublicConfig().data?.contact;
  return (
    <div className="grid gap-4" data-testid="booking-by-request">
      <CallRequestForm />
      {contact ? (
        <p className="text-sm text-muted">
          Prefer to call? Ring{" "}
          <a href={telHref(contact.phone)} className="font-semibold text-navy-700 underline underline-offset-4">
            {contact.phone}
          </a>{" "}
          ({PHONE_HOURS}) or email{" "}
          <a href={`mailto:${contact.email}`} className="font-semibold text-navy-700 underline underline-offset-4">
            {contact.email}
          </a>{" "}
          with your reference number.
        </p>
      ) : null}
    </div>
  );
}

/** /ref-number: the schedule-a-call page, embedding the booking calendar from BOOKING_EMBED_URL, else a request-a-call form. */
export default function RefNumberPage() {
  usePublicPageMeta(paths.refNumber);
  const config = usePublicConfig();
  const bookingUrl = config.data?.bookingEmbedUrl ?? null;

  return (
    <>
      <PageBanner
        eyebrow="Received a letter from us?"
        title="Schedule a Call"
        lead={<p>{bookingUrl ? CALL_REQUEST_MESSAGES.leadWithCalendar : CALL_REQUEST_MESSAGES.leadWithForm}</p>}
      />
      <Section className="grid gap-10 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div>
          {config.isPending ? <div className="h-[42rem] animate-pulse rounded-xl bg-navy-50" aria-hidden /> : null}
          {config.data && bookingUrl ? (
            <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-card">
              <h2 className="sr-only">Booking calendar</h2>
              <iframe src={bookingUrl} title="Booking calendar: choose a time for your call" className="h-[42rem] w-full" />
            </div>
          ) : null}
          {config.data && !bookingUrl ? <BookingByRequest /> : null}
          {config.isError ? <BookingByRequest /> : null}
        </div>
        <aside aria-labelledby="prepare-heading" className="grid gap-6">
          <div className="rounded-xl border border-border bg-surface p-6 shadow-card">
            <h2 id="prepare-heading" className="flex items-center gap-2 font-semibold text-ink">
              <ClipboardList className="size-5 text-navy-500" aria-hidden />
              Have these ready
            </h2>
            <ul className="mt-4 grid list-disc gap-2 pl-5 text-sm text-ink marker:text-navy-400">
              {preparation.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl bg-navy-50 p-6">
            <p className="flex items-center gap-2 font-semibold text-ink">
              <CalendarClock className="size-5 text-navy-500" aria-hidden />
              Calls last about 20 minutes
            </p>
            <p className="mt-2 text-sm text-muted">{bookingUrl ? CALL_REQUEST_MESSAGES.afterWithCalendar : CALL_REQUEST_MESSAGES.afterWithForm}</p>
          </div>
        </aside>
      </Section>
    </>
  );
}

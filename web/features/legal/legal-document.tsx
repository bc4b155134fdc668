import type { ReactNode } from "react";
import { PageBanner } from "../../components/layout/page-banner";
import { ContactBlock } from "../contact/contact-details";

/** Both legal pages carry this date (spec 001 §2.11, §9). */
export const LEGAL_LAST_UPDATED = "June 20, 2025";

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalDocumentProps = {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** Number the section headings ("1. Accounts"), as the terms do. */
  numbered?: boolean;
};

/** A legal page: banner with the date, a table of contents, the numbered sections and the contact block from configuration. */
export function LegalDocument({ title, intro, sections, numbered = false }: LegalDocumentProps) {
  const heading = (section: LegalSection, index: number) => (numbered ? `${index + 1}. ${section.title}` : section.title);
  return (
    <>
      <PageBanner eyebrow="Legal" title={title} lead={<p>Last updated: {LEGAL_LAST_UPDATED}</p>} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold tracking-wider text-muted uppercase">On this page</h2>
          <ol className="mt-3 grid text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block py-1.5 text-navy-700 hover:underline">
                  {heading(section, index)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid max-w-3xl gap-12">
        <article className="legal-prose">
          <div className="text-lg">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="scroll-mt-24" aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{heading(section, index)}</h2>
              {section.body}
            </section>
          ))}
        </article>
        <ContactBlock title="Questions? Contact us" />
        </div>
      </div>
    </>
  );
}

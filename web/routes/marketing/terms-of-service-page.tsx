import type { ReactNode } from "react";
import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../../features/legal/legal-document";
import { TERMS_SECTION_TITLES, type TermsSectionTitle } from "../../features/legal/terms-sections";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const bodies: Record<TermsSectionTitle, ReactNode> = {
  Accounts: (
    <>
      <p>
        You must be at least 18 years old to create an account. When you create an account you must give us accurate,
        complete and current information, and keep it up to date. An account is personal: you may not share it or let
        anyone else sign in with it.
      </p>
      <p>
        You are responsible for keeping your password safe and for everything that happens under your account. Tell us
        at once if you learn of any unauthorized use. We may refuse an account name that impersonates someone else or is
        offensive.
      </p>
    </>
  ),
  Subscriptions: (
    <>
      <p>
        Paid memberships (Inventor, Entrepreneur and Brand CEO) are billed in advance on a recurring basis, monthly or
        annually depending on the billing cycle you choose. At the end of each cycle your subscription renews
        automatically under the same conditions unless you cancel it or we cancel it.
      </p>
      <p>
        You can cancel at any time from the account page of your members area or by contacting our support team. A
        cancellation takes effect at the end of the current billing cycle, and you keep access until then. Payments are
        processed by our card payment provider; you must give it a valid payment method, and you authorize us to charge
        the subscription fee to it on each renewal. If a payment fails, we may suspend paid features until it succeeds.
      </p>
    </>
  ),
  "Free Trial": (
    <p>
      We may, at our discretion, offer a subscription with a free trial for a limited period. You may be asked for your
      billing information to sign up for the trial. Unless you cancel before the trial ends, you will be charged the
      applicable subscription fee automatically on the last day of the trial. We may change or end free trial offers at
      any time.
    </p>
  ),
  "Fee Changes": (
    <p>
      We may change subscription fees at any time. A change takes effect at the end of the then-current billing cycle,
      and we will give you reasonable prior notice by email so that you can cancel before it applies. Continuing your
      subscription after the change takes effect means you agree to the new fee.
    </p>
  ),
  Refunds: (
    <p>
      Except where the law requires otherwise, subscription fees are non-refundable. Refund requests are considered case
      by case and granted at our sole discretion; to ask for one, contact us within 14 days of the charge and tell us what
      happened.
    </p>
  ),
  Content: (
    <>
      <p>
        Members can post content such as messages in the community forum, replies, comments, images and information in
        their member profile (&ldquo;User Content&rdquo;). You are responsible for your User Content, including its
        legality and accuracy. You keep your rights in it; by posting it, you grant us a non-exclusive, royalty-free
        license to host, display and distribute it within the service so that other members can see it.
      </p>
      <p>
        Do not post anything unlawful, defamatory, harassing or infringing, anything confidential that is not yours to
        share, or advertising that other members did not ask for. Think carefully before posting details of an unpatented
        invention: other members are not bound by a confidentiality agreement. We may remove User Content that breaks
        these terms, without notice.
      </p>
    </>
  ),
  "Intellectual Property": (
    <p>
      The service and its original content, including courses, videos, templates, text, graphics and logos, are and will
      remain the property of The Inventors Community and its licensors, protected by copyright, trademark and other laws.
      Your membership gives you a personal, non-transferable right to use that content for your own products and
      business; you may not resell, republish or share it outside the community without our written permission.
    </p>
  ),
  "Links To Other Web Sites": (
    <p>
      Our service may contain links to websites or services that we do not own or control, such as news articles, member
      brands, video hosts and payment pages. We have no control over and assume no responsibility for their content,
      privacy policies or practices, and we are not liable for any damage or loss caused by your use of them. We encourage
      you to read their terms and privacy policies.
    </p>
  ),
  Termination: (
    <p>
      We may terminate or suspend your account immediately, at any time, without prior notice or liability, for any
      reason, including if you breach these terms. On termination your right to use the service ends at once. You may
      close your account at any time by cancelling your subscription and contacting us. Provisions that by their nature
      should survive termination, such as ownership, disclaimers and limitations of liability, survive it.
    </p>
  ),
  "Limitation Of Liability": (
    <p>
      To the fullest extent permitted by law, The Inventors Community, its owners, employees, mentors and partners are not
      liable for any indirect, incidental, special, consequential or punitive damages, including loss of profits, data,
      use or goodwill, arising from your use of or inability to use the service, from any conduct or content of another
      member or third party, or from decisions you make based on information shared in the community. Our total liability
      for any claim is limited to the fees you paid us in the twelve months before the claim.
    </p>
  ),
  Disclaimer: (
    <p>
      The service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties of any kind. Courses,
      sessions and member advice are educational and are not legal, financial, tax or engineering advice; consult a
      qualified professional, such as a patent attorney or accountant, before acting on them. We do not guarantee that any
      product will be patented, manufactured or sold, or any particular business result.
    </p>
  ),
  "Governing Law": (
    <p>
      These terms are governed by the laws of the State of Florida, United States, without regard to its conflict of law
      provisions. Any dispute will be resolved in the state or federal courts located in Florida, and you consent to their
      jurisdiction. If any provision of these terms is held invalid, the remaining provisions remain in effect. These
      terms, with our <Link to={paths.privacyPolicy}>Privacy Policy</Link>, are the entire agreement between us about the
      service.
    </p>
  ),
  "Contact Us": <p>If you have any questions about these terms, please contact us using the details below.</p>,
};

const sections: LegalSection[] = TERMS_SECTION_TITLES.map((title) => ({
  id: title.toLowerCase().replace(/[^a-z]+/g, "-"),
  title,
  body: bodies[title],
}));

/** /terms-of-service (spec 001 §2.11): the 13 numbered sections, Florida law, minimum age 18, dated June 20, 2025. */
export default function TermsOfServicePage() {
  usePublicPageMeta(paths.termsOfService);
  return (
    <LegalDocument
      title="Terms of Service"
      numbered
      intro={
        <p>
          Please read these Terms of Service carefully before using The Inventors Community website and membership (the
          &ldquo;service&rdquo;). By creating an account or using the service you agree to these terms. If you do not
          agree, do not use the service. We may update these terms; we will post changes here and tell members about
          significant changes by email.
        </p>
      }
      sections={sections}
    />
  );
}

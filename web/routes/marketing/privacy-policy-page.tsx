import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../../features/legal/legal-document";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run the community and your membership:</p>
        <ul>
          <li>
            <strong>Contact data:</strong> your name, email address and, if you give it to us, your phone number and postal
            address.
          </li>
          <li>
            <strong>Account data:</strong> your login email, an encrypted form of your password (never the password itself),
            your membership tier, your role and when you created your account and last logged in.
          </li>
          <li>
            <strong>Payment data:</strong> subscription status, billing period, and the brand and last four digits of your
            card. Card numbers are entered on our card payment provider&apos;s hosted checkout page and are never stored or
            seen by us.
          </li>
          <li>
            <strong>Communication data:</strong> messages you send us by email, phone or through the site, and your
            preferences about the emails we send.
          </li>
          <li>
            <strong>Profile data:</strong> your display name, profile picture and anything you choose to share in your
            member profile, the community forum or mastermind sessions.
          </li>
          <li>
            <strong>Device and usage data:</strong> your IP address, browser type, device type, pages visited and the
            date and time of your visits, recorded in our server logs.
          </li>
          <li>
            <strong>Cookies:</strong> small files that keep you signed in and remember your choices (see below).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Your Information",
    body: (
      <ul>
        <li>To create and manage your account and give you the content and sessions your plan includes.</li>
        <li>To process subscription payments, send receipts and manage renewals and cancellations.</li>
        <li>To answer your questions and provide the services you ask us for.</li>
        <li>To send you service messages, such as password resets and changes to your membership.</li>
        <li>To send you our newsletter and event announcements, if you have not opted out.</li>
        <li>To keep the site and the community secure, prevent fraud and enforce our Terms of Service.</li>
        <li>To understand how the site is used so we can improve it.</li>
        <li>To comply with our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and Similar Technologies",
    body: (
      <>
        <p>
          We use a session cookie to keep you signed in and to protect your account against cross-site requests. We also
          store a small note in your browser&apos;s local storage to remember that you have visited our home page before, so
          that our story video does not start on its own again.
        </p>
        <p>
          We do not use advertising cookies. Embedded videos and maps are loaded only when you play them or scroll to
          them, and their providers may then set their own cookies under their own privacy policies. You can block or
          delete cookies in your browser settings; if you block our session cookie you will not be able to sign in.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How We Share Information",
    body: (
      <>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it with third parties for their
          own marketing. We share it only:
        </p>
        <ul>
          <li>
            with service providers who work for us under contract, such as our card payment provider, hosting and
            database provider, and email delivery service, and only as far as they need it to do that work;
          </li>
          <li>with other members, for what you choose to post in the community forum or your member profile;</li>
          <li>when the law requires it, or to protect the rights, safety and property of our members, our company or others;</li>
          <li>with a buyer or successor if our business is sold or merged, who would then be bound by this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data Retention",
    body: (
      <p>
        We keep your account data for as long as your account is open. When you close your account, we delete or
        anonymize your personal information within 90 days, except records we must keep longer by law, such as payment
        and tax records, which we keep for up to seven years. Server logs are deleted after 90 days.
      </p>
    ),
  },
  {
    id: "security",
    title: "Data Security",
    body: (
      <p>
        We protect your information with encrypted connections, hashed passwords, access limited to staff who need it,
        and regular updates of the software we run. No system is perfectly secure; if a breach affects your personal
        information, we will notify you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal information we hold about you and receive a copy of it;
          </li>
          <li>
            <strong>Correction</strong> of information that is inaccurate or incomplete;
          </li>
          <li>
            <strong>Deletion</strong> of your personal information;
          </li>
          <li>
            <strong>Restriction</strong> of how we process your information;
          </li>
          <li>
            <strong>Portability</strong>: to receive your information in a structured, machine-readable format;
          </li>
          <li>
            <strong>Objection</strong> to processing based on our legitimate interests, including direct marketing.
          </li>
        </ul>
        <p>
          You can update your name and picture at any time from your members area. To use any other right, contact us at
          the address below. We will answer within 30 days and may need to confirm your identity first. We will not treat
          you differently for using these rights.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's Privacy",
    body: (
      <p>
        The Inventors Community is not intended for children under 18. You must be at least 18 years old to create an
        account, and we do not knowingly collect personal information from anyone under 18. If you believe a child has
        given us personal information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "third-party-sites",
    title: "Links to Other Websites",
    body: (
      <p>
        Our site links to other websites, such as news articles, member brands and video hosts. We are not responsible for
        their privacy practices; please read their privacy policies.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page with a new date, and if
        the changes are significant we will tell members by email before they take effect.
      </p>
    ),
  },
];

/** /privacy-policy (spec 001 §2.11): the privacy policy, dated June 20, 2025, with the contact block from configuration. */
export default function PrivacyPolicyPage() {
  usePublicPageMeta(paths.privacyPolicy);
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          The Inventors Community (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;) is a veteran-owned membership
          community for product inventors and brand owners. This policy explains what personal information we collect when
          you use our website and membership, how we use it, and the choices and rights you have. Please read it together
          with our <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      }
      sections={sections}
    />
  );
}

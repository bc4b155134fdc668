import { Link } from "react-router";
import { ShieldCheckIcon } from "../../../components/ui/first-load-icons";
import { COPYRIGHT_YEAR, SITE_NAME } from "../../../lib/brand";
import { paths } from "../../../lib/paths";
import type { NavItem } from "../nav-items";
import { SOCIAL_LINKS } from "../social-links";
import { SiteLogo } from "./site-logo";
import { SocialIcon } from "./social-icon";

/** Footer links (spec 000 §2). */
const footerNavItems: NavItem[] = [
  { to: paths.about, label: "About" },
  { to: paths.university, label: "University" },
  { to: paths.mastermind, label: "Mastermind" },
  { to: paths.brands, label: "Brands" },
  { to: paths.contact, label: "Contact" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
  { to: paths.termsOfService, label: "Terms of Service" },
];

/** Site footer (spec 000 §2): the spec's links, social links and the 2025 notice. */
export function SiteFooter() {
  return (
    <footer className="bg-navy-950 text-navy-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr] lg:px-8">
        <div className="grid max-w-md gap-4">
          <SiteLogo tone="light" />
          <p className="text-sm leading-relaxed">
            A community where product inventors and Brand CEOs learn from people who have taken products from prototype to
            store shelf.
          </p>
          <p className="inline-flex items-center gap-2 text-sm font-medium text-brass-300">
            <ShieldCheckIcon className="size-4" aria-hidden />
            Proudly veteran-owned and operated
          </p>
        </div>
        <div className="grid gap-8 sm:grid-cols-2">
          <nav aria-label="Footer">
            <h2 className="mb-3 text-xs font-semibold tracking-wider text-white uppercase">Explore</h2>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-1">
              {footerNavItems.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="transition-colors hover:text-white">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="mb-3 text-xs font-semibold tracking-wider text-white uppercase">Follow us</h2>
            <ul className="flex gap-2">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-navy-100 ring-1 ring-white/10 transition-colors hover:bg-white/15 hover:text-white"
                  >
                    <SocialIcon network={link.id} className="size-4.5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

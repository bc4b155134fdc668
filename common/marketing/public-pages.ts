/**
 * Title and description of every public page at a fixed path. The server writes them (and the Open
 * Graph tags built from them) into the HTML it sends for that path, and lists the paths in
 * sitemap.xml; the web app sets the same title and description when it navigates client-side.
 * Course pages (/university/course/{id}) derive theirs from the course: `${course.title} | University`.
 */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
}

export const SITE_TITLE = "The Inventors Community";

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: "/",
    title: "The Inventors Community | From invention to a brand that sells",
    description:
      "A veteran-owned membership community for product inventors and Brand CEOs: mastermind sessions, courses, resources and people who have put products on the shelf.",
  },
  {
    path: "/inventors",
    title: "For Inventors | The Inventors Community",
    description:
      "Take your invention from prototype to purchase order with inventors who have done it. See member success stories and choose the plan that fits your stage.",
  },
  {
    path: "/university",
    title: "University: Courses for Inventors | The Inventors Community",
    description:
      "Eight courses from idea validation and patents to manufacturing, Amazon, retail, funding and scaling a brand, taught by people who have launched products.",
  },
  {
    path: "/mastermind",
    title: "Mastermind Sessions | The Inventors Community",
    description:
      "Small live groups where inventors and Brand CEOs work through real product decisions. See upcoming sessions, past topics and who can join.",
  },
  {
    path: "/services",
    title: "Services: Product Development, Manufacturing and Marketing | The Inventors Community",
    description:
      "Hands-on help from our team: product development and prototyping, manufacturing and sourcing, and marketing and launch for inventors and growing brands.",
  },
  {
    path: "/brands",
    title: "Brands Built by Our Members | The Inventors Community",
    description:
      "Sixteen brands launched by members of the community, across health and wellness, fitness, fashion, home, travel and pet supplies. Filter by category.",
  },
  {
    path: "/in-the-news",
    title: "In The News | The Inventors Community",
    description:
      "Press coverage of our founder and members: a featured interview, products that made the news on video and the latest press releases.",
  },
  {
    path: "/about",
    title: "About Us: A Veteran-Owned Company | The Inventors Community",
    description:
      "Why a veteran-owned company built a community for product inventors and Brand CEOs, how we work and what we believe about bringing products to market.",
  },
  {
    path: "/contact",
    title: "Contact Us | The Inventors Community",
    description:
      "Email, call or visit us. Phone hours Mon-Fri 9AM-5PM ET; we reply to every message within 24-48 hours.",
  },
  {
    path: "/ref-number",
    title: "Schedule a Call | The Inventors Community",
    description:
      "Received a letter from us? Book a free call with our team at a time that suits you and talk through your invention and your next step.",
  },
  {
    path: "/privacy-policy",
    title: "Privacy Policy | The Inventors Community",
    description:
      "What information The Inventors Community collects, how we use and protect it, and the rights you have over your data. Last updated June 20, 2025.",
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service | The Inventors Community",
    description:
      "The terms for accounts, monthly subscriptions, free trials, refunds, content and the community forum on The Inventors Community. Last updated June 20, 2025.",
  },
];

/** The entry for a fixed public path, if it has one. */
export function findPublicPage(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}

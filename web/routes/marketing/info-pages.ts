import { paths } from "../../lib/paths";

export type InfoPage = { path: string; eyebrow: string; title: string; summary: string };

/** Marketing and legal pages that get their full content in a later release (spec 000 §2, 001 §2.10-2.11). */
export const INFO_PAGES: InfoPage[] = [
  {
    path: paths.university,
    eyebrow: "Learn",
    title: "University",
    summary: "Structured courses from beginner to expert, from protecting an idea to running a brand. The course catalogue is being published here.",
  },
  {
    path: paths.mastermind,
    eyebrow: "Meet",
    title: "Mastermind",
    summary: "Small live groups where inventors and Brand CEOs work through real product decisions together. The session calendar will be listed on this page.",
  },
  {
    path: paths.services,
    eyebrow: "Work with us",
    title: "Services",
    summary: "Hands-on help with product development, manufacturing and marketing from our team. Service details are being written up for this page.",
  },
  {
    path: paths.brands,
    eyebrow: "Members' work",
    title: "Brands",
    summary: "Brands built by members of the community, across health, home, fashion, travel and pet products. The showcase is being prepared.",
  },
  {
    path: paths.inTheNews,
    eyebrow: "Press",
    title: "In The News",
    summary: "Interviews, features and products from our community that made the news. Press coverage will be collected here.",
  },
  {
    path: paths.about,
    eyebrow: "Our story",
    title: "About",
    summary: "We are a veteran-owned company that helps product inventors and Brand CEOs bring their products to market. Our full story is coming to this page.",
  },
  {
    path: paths.contact,
    eyebrow: "Get in touch",
    title: "Contact",
    summary: "Questions about membership or our services? Our contact details and a message form are being added here; we reply within 24-48 hours.",
  },
  {
    path: paths.privacyPolicy,
    eyebrow: "Legal",
    title: "Privacy Policy",
    summary: "How we collect, use and protect your information, and the rights you have over it. The full policy is being published here.",
  },
  {
    path: paths.termsOfService,
    eyebrow: "Legal",
    title: "Terms of Service",
    summary: "The terms that cover accounts, subscriptions, refunds and content on this site. The full terms are being published here.",
  },
];

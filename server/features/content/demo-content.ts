import type { ContentLevel, PostCategory, ResourceCategory, ResourceTier, VideoCategory } from "../../../common/content";

/** Dates of the demo programme, relative to the first start so upcoming sessions are upcoming. */
const dayIn = (now: Date, months: number, day: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day)).toISOString().slice(0, 10);
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** The four sample sessions (spec 000 §2, 001 §9): the monthly mastermind, the workshop, the retreat and a recorded one. */
export function demoSessions(now: Date) {
  return [
    {
      title: "Monthly Mastermind Session",
      date: dayIn(now, 1, 15),
      time: "10:00 AM-12:00 PM ET",
      location: "Live video call (join from the session in your members area)",
      description: "Bring your current blocker, from a stalled prototype to a first retail buyer, and leave with next steps from founders who have shipped.",
      tier: "all" as ContentLevel,
      facilitator: "Founder & Community Host",
      participants: 24,
      isPast: false,
      recordingUrl: null,
    },
    {
      title: "Market Testing Workshop",
      date: dayIn(now, 1, 22),
      time: "10:00 AM-12:00 PM ET",
      location: "Live video call",
      description: "Validate demand before you order inventory: landing pages, pre-sales and small-batch tests that prove people will pay.",
      tier: "entrepreneur" as ContentLevel,
      facilitator: "Growth mentor, Inventors Community",
      participants: 18,
      isPast: false,
      recordingUrl: null,
    },
    {
      title: "VIP CEO Retreat",
      date: dayIn(now, 2, 10),
      time: "Three days, 9:00 AM-5:00 PM ET",
      location: "Orlando, Florida",
      description: "Three days with fellow Brand CEOs on retail distribution, hiring a first team and building a brand that lasts.",
      tier: "brand-ceo" as ContentLevel,
      facilitator: "Founder & invited brand owners",
      participants: 12,
      isPast: false,
      recordingUrl: null,
    },
    {
      title: "Reading Manufacturing Quotes Without Getting Burned",
      date: daysAgo(now, 30),
      time: "10:00 AM-12:00 PM ET",
      location: "Live video call",
      description: "Tooling costs, minimum order quantities and landed cost: how to compare factory quotes line by line.",
      tier: "inventor" as ContentLevel,
      facilitator: "Sourcing lead, Inventors Community",
      participants: 31,
      isPast: true,
      recordingUrl: "https://www.youtube.com/watch?v=TICquotes01",
    },
  ];
}

/** The three sample community posts, posted by the community team. */
export const DEMO_POSTS: Array<{ content: string; category: PostCategory; featured: boolean }> = [
  {
    content:
      "Welcome to the community! Introduce yourself below: what are you building, where are you stuck, and what could you help others with? Our mastermind hosts read every reply.",
    category: "general",
    featured: true,
  },
  {
    content:
      "Manufacturing tip: before you sign with a factory, ask for a golden sample and write down every tolerance you approved. It is the only fair reference when the first production run arrives.",
    category: "manufacturing",
    featured: false,
  },
  {
    content:
      "Funding question of the week: have you raised money for inventory through pre-orders? Share what worked, which platform you used and how you set delivery expectations.",
    category: "funding",
    featured: false,
  },
];

/** The four sample resources, each a real PDF rendered on the first start. */
export const DEMO_RESOURCES: Array<{
  title: string;
  description: string;
  category: ResourceCategory;
  tier: ResourceTier;
  featured: boolean;
  fileName: string;
  paragraphs: string[];
}> = [
  {
    title: "Product Launch Checklist",
    description: "Every step from final prototype to launch day: samples, packaging, listings, pricing and the first marketing push.",
    category: "templates",
    tier: "free",
    featured: true,
    fileName: "product-launch-checklist.pdf",
    paragraphs: [
      "1. Approve a golden sample and record every tolerance.",
      "2. Finalise packaging artwork, barcodes and the retail box dimensions.",
      "3. Price for margin: landed cost, marketplace fees, returns and a launch discount.",
      "4. Write listings with five benefits, real photos and answers to the top buyer questions.",
      "5. Line up launch-week content, reviewers and an email to everyone on your waiting list.",
    ],
  },
  {
    title: "Prototype Budget Planner",
    description: "Plan what each prototype round will cost, from 3D prints to a pre-production sample, and when to stop iterating.",
    category: "product-development",
    tier: "inventor",
    featured: false,
    fileName: "prototype-budget-planner.pdf",
    paragraphs: [
      "Round 1 (looks-like model): 3D print or hand-built, budget for two iterations.",
      "Round 2 (works-like model): functional parts, off-the-shelf electronics, user testing with ten people.",
      "Round 3 (pre-production sample): made by your intended factory with production materials.",
      "Stop iterating when testers stop finding new problems, not when the design feels perfect.",
    ],
  },
  {
    title: "Manufacturer Outreach Email Templates",
    description: "Five tested emails for first contact, quote requests, sample follow-ups and negotiating minimum order quantities.",
    category: "manufacturing",
    tier: "entrepreneur",
    featured: false,
    fileName: "manufacturer-outreach-templates.pdf",
    paragraphs: [
      "First contact: who you are, what the product is, the target annual volume and the materials involved.",
      "Quote request: drawings, tolerances, packaging, incoterms and the quantities you want priced.",
      "Sample follow-up: what passed, what failed, and the exact changes you need before approval.",
      "MOQ negotiation: offer a higher unit price or a committed second order for a smaller first run.",
    ],
  },
  {
    title: "Retail Buyer Pitch Deck Template",
    description: "The slide-by-slide structure Brand CEOs in the community used to win national shelf space.",
    category: "marketing",
    tier: "brand-ceo",
    featured: false,
    fileName: "retail-buyer-pitch-deck.pdf",
    paragraphs: [
      "Slide 1: the shopper problem in one sentence and one photo.",
      "Slide 2: sell-through proof from your own store, marketplaces or a regional chain.",
      "Slide 3: margin structure for the retailer and your marketing support plan.",
      "Slide 4: supply chain readiness: lead times, capacity and compliance certificates.",
    ],
  },
];

/** The five sample training videos. The YouTube ids are stand-ins the business replaces with its own. */
export const DEMO_VIDEOS: Array<{ title: string; description: string; youtubeId: string; accessLevel: ContentLevel; category: VideoCategory; featured: boolean }> = [
  {
    title: "Welcome to the Inventors Community",
    description: "How the community works: sessions, the resource library, the discussion board and how to get help fast.",
    youtubeId: "TICwelcome1",
    accessLevel: "all",
    category: "general",
    featured: true,
  },
  {
    title: "Is Your Idea Worth Building?",
    description: "A one-afternoon method to test demand before spending on prototypes or patents.",
    youtubeId: "TICidea0001",
    accessLevel: "all",
    category: "product-development",
    featured: false,
  },
  {
    title: "Finding and Vetting a Manufacturer",
    description: "Where to look, which questions to ask and the red flags that should end a conversation.",
    youtubeId: "TICfactory1",
    accessLevel: "inventor",
    category: "manufacturing",
    featured: false,
  },
  {
    title: "Pricing for Retail and Online",
    description: "Build a price that survives wholesale discounts, marketplace fees and a launch promotion.",
    youtubeId: "TICpricing1",
    accessLevel: "entrepreneur",
    category: "marketing",
    featured: false,
  },
  {
    title: "Building the Team Behind Your Brand",
    description: "When to hire, what to outsource and how Brand CEOs in the community structured their first team.",
    youtubeId: "TICteam0001",
    accessLevel: "brand-ceo",
    category: "leadership",
    featured: false,
  },
];

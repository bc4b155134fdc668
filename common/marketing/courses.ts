import type { PaidTier } from "../tiers";

/**
 * The University catalogue (spec 000 §2 "University", §6), as static content shared by the web app
 * (catalogue and course pages) and the server (which decides what a viewer may open).
 *
 * How the spec's counts are read. The University page shows four labelled numbers per plan:
 *   courses / live workshops per quarter / 1:1 mentor sessions per year / hours of content
 *   Inventor (limited access):               2 / 1 / locked / 10+ hours
 *   Entrepreneur and Brand CEO (full access): 8 / 6 / 10     / 100+ hours
 * "Full access for entrepreneur and brand-ceo" means both see every course, so the catalogue holds
 * exactly 8 courses: 2 at accessLevel "inventor" (5 + 6 = 11 hours, the "10+") and 6 at
 * "entrepreneur" (all 8 together: 104 hours, the "100+"). No course is "brand-ceo" only today; the
 * level exists so one can be added, and Brand CEOs would then see 9 while entrepreneurs keep 8.
 * The premium teaser shows 3 of the entrepreneur courses to viewers who cannot open them.
 */

export type CourseLevel = "Beginner" | "Intermediate" | "Advanced" | "Expert";

export interface Course {
  /** URL slug: /university/course/{id}. */
  id: string;
  title: string;
  description: string;
  level: CourseLevel;
  /** Display text, e.g. "6 hours". */
  duration: string;
  /** Number of modules; the outline (server side) has exactly this many. */
  modules: number;
  instructor: string;
  /** Illustration shipped with the web app (web/public). */
  image: string;
  /** Lowest tier that opens the course (tier order free < inventor < entrepreneur < brand-ceo). */
  accessLevel: PaidTier;
}

export const COURSES: Course[] = [
  {
    id: "validate-your-invention",
    title: "From Idea to Invention: Validate Before You Spend",
    description:
      "Find out whether people will pay for your idea before you pay for tooling. Customer interviews, a first prior-art search, market sizing on one page and a go/no-go scorecard.",
    level: "Beginner",
    duration: "5 hours",
    modules: 5,
    instructor: "Marcus Hale, founder and 20-year product veteran",
    image: "/images/courses/validate-your-invention.svg",
    accessLevel: "inventor",
  },
  {
    id: "patents-and-protection",
    title: "Patents, Trademarks and Protecting Your Idea",
    description:
      "Provisional or utility patent, design patent or trademark: what each protects, what it costs, how to work with a patent attorney and when an NDA is worth asking for.",
    level: "Beginner",
    duration: "6 hours",
    modules: 6,
    instructor: "Dana Whitfield, registered patent agent",
    image: "/images/courses/patents-and-protection.svg",
    accessLevel: "inventor",
  },
  {
    id: "prototyping-and-design",
    title: "Prototyping and Design for Manufacturing",
    description:
      "From a looks-like model to a works-like prototype a factory can quote. 3D printing, CNC and soft tooling, working with industrial designers, and the design choices that cut unit cost.",
    level: "Intermediate",
    duration: "14 hours",
    modules: 7,
    instructor: "Luis Ortega, industrial designer",
    image: "/images/courses/prototyping-and-design.svg",
    accessLevel: "entrepreneur",
  },
  {
    id: "manufacturing-and-sourcing",
    title: "Manufacturing and Sourcing: Factories, Quotes and Quality",
    description:
      "Find and vet factories at home and overseas, read a quote line by line, negotiate minimum order quantities, and set up inspections so your first production run arrives as sampled.",
    level: "Intermediate",
    duration: "16 hours",
    modules: 8,
    instructor: "Grace Lin, sourcing and supply chain lead",
    image: "/images/courses/manufacturing-and-sourcing.svg",
    accessLevel: "entrepreneur",
  },
  {
    id: "amazon-launch-playbook",
    title: "The Amazon Launch Playbook",
    description:
      "Listings that convert, photos and A+ content, your first reviews within the rules, pay-per-click campaigns that pay for themselves, and FBA inventory planning for launch month.",
    level: "Intermediate",
    duration: "18 hours",
    modules: 8,
    instructor: "Tasha Greene, e-commerce brand builder",
    image: "/images/courses/amazon-launch-playbook.svg",
    accessLevel: "entrepreneur",
  },
  {
    id: "retail-and-wholesale",
    title: "Getting Into Retail: Buyers, Line Reviews and Wholesale",
    description:
      "Prepare a sell sheet and pricing that works for retailers, pitch buyers and line reviews, survive chargebacks and EDI, and decide when a distributor or sales rep is worth the margin.",
    level: "Advanced",
    duration: "15 hours",
    modules: 7,
    instructor: "Robert Sims, former big-box category buyer",
    image: "/images/courses/retail-and-wholesale.svg",
    accessLevel: "entrepreneur",
  },
  {
    id: "funding-your-product",
    title: "Funding Your Product: Bootstrapping, Crowdfunding and Investors",
    description:
      "Model your cash needs through the first production run, then compare bootstrapping, crowdfunding, purchase-order financing, SBA loans and angel investors, with the pitch deck that goes with each.",
    level: "Advanced",
    duration: "14 hours",
    modules: 6,
    instructor: "Priya Raman, CPA and startup CFO",
    image: "/images/courses/funding-your-product.svg",
    accessLevel: "entrepreneur",
  },
  {
    id: "scaling-your-brand",
    title: "Scaling a Consumer Brand: From Product to Product Line",
    description:
      "Grow from one hero product to a line: forecasting and inventory, channel mix, your first hires and agencies, licensing, and building a brand that a buyer or acquirer will value.",
    level: "Expert",
    duration: "16 hours",
    modules: 8,
    instructor: "Marcus Hale, founder and 20-year product veteran",
    image: "/images/courses/scaling-your-brand.svg",
    accessLevel: "entrepreneur",
  },
];

/** Ids of the three premium courses the University shows as a teaser to viewers who cannot open them. */
export const PREMIUM_TEASER_COURSE_IDS = ["manufacturing-and-sourcing", "amazon-launch-playbook", "retail-and-wholesale"] as const;

export interface UniversityStat {
  label: string;
  /** Display value; "locked" stats are shown with a lock instead of a number. */
  value: string | "locked";
}

/** The per-tier counts of spec 000 §2, labelled as read above. */
export const UNIVERSITY_STATS: { limited: UniversityStat[]; full: UniversityStat[] } = {
  limited: [
    { label: "Courses", value: "2" },
    { label: "Live workshops per quarter", value: "1" },
    { label: "1:1 mentor sessions per year", value: "locked" },
    { label: "Hours of content", value: "10+" },
  ],
  full: [
    { label: "Courses", value: "8" },
    { label: "Live workshops per quarter", value: "6" },
    { label: "1:1 mentor sessions per year", value: "10" },
    { label: "Hours of content", value: "100+" },
  ],
};

/** The course with this id, if the catalogue has it. */
export function findCourse(id: string): Course | undefined {
  return COURSES.find((course) => course.id === id);
}

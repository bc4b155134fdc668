import type { Resource } from "../../../common/contracts/resources";

type SampleResource = Omit<Resource, "locked" | "requiredPlan" | "downloadUrl">;

const sample = (resource: SampleResource): Resource => ({ ...resource, locked: false, requiredPlan: null, downloadUrl: null });

/**
 * The built-in list shown when the library cannot be loaded (spec 000 §8). They have no file on the
 * server, so they show without a download. Kept in the library's order: featured, then free, then title.
 */
export const SAMPLE_RESOURCES: readonly Resource[] = [
  sample({
    id: -1,
    title: "Invention Disclosure Checklist",
    description:
      "Everything to write down before you talk to a manufacturer, investor or patent attorney: dated sketches, the problem your product solves, what makes it new and who has seen it.",
    type: "PDF",
    category: "legal",
    tier: "free",
    featured: true,
  }),
  sample({
    id: -2,
    title: "Product Development Roadmap",
    description:
      "A stage-by-stage plan from napkin sketch to production sample, with the decisions, costs and typical timelines of each stage so you know what comes next.",
    type: "PDF",
    category: "product-development",
    tier: "inventor",
    featured: true,
  }),
  sample({
    id: -3,
    title: "Manufacturer Outreach Email Templates",
    description:
      "Tested first-contact, quote-request and follow-up emails for overseas and domestic factories, with the questions that separate serious suppliers from middlemen.",
    type: "DOCX",
    category: "manufacturing",
    tier: "entrepreneur",
    featured: false,
  }),
  sample({
    id: -4,
    title: "Retail Buyer Pitch Deck Template",
    description:
      "The slide order buyers at national chains expect: sell-through data, margins, packaging and the marketing plan that will move your product off their shelves.",
    type: "PPTX",
    category: "marketing",
    tier: "brand-ceo",
    featured: false,
  }),
];

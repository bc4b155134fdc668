/**
 * Brands built by members (spec 000 §2 "Brands"): 16 brands, 3 featured, two per category.
 * Sample showcase content: the websites are on the reserved `.example` domain so that no real company is
 * linked by accident; an operator replaces the brands, with their real addresses, here.
 */

export const BRAND_CATEGORIES = [
  { id: "all", label: "All" },
  { id: "health-wellness", label: "Health & Wellness" },
  { id: "fitness-health", label: "Fitness & Health" },
  { id: "sustainable-fashion", label: "Sustainable Fashion" },
  { id: "home-bedding", label: "Home & Bedding" },
  { id: "travel-accessories", label: "Travel Accessories" },
  { id: "pet-supplies", label: "Pet Supplies" },
  { id: "home-decor", label: "Home Decor" },
  { id: "fashion-apparel", label: "Fashion & Apparel" },
] as const;

export type BrandCategoryFilter = (typeof BRAND_CATEGORIES)[number]["id"];
export type BrandCategory = Exclude<BrandCategoryFilter, "all">;

export interface Brand {
  id: string;
  name: string;
  description: string;
  image: string;
  website: string;
  category: BrandCategory;
  featured: boolean;
}

const image = (id: string) => `/images/brands/${id}.svg`;
const website = (id: string) => `https://www.${id}.example/`;

export const BRANDS: Brand[] = [
  {
    id: "pawplate",
    name: "PawPlate",
    description:
      "A slow-feeder bowl with a spiral maze that turns a 30-second gulp into a five-minute meal. Designed by a dog owner, molded in food-safe silicone and sold in 40 independent pet stores.",
    image: image("pawplate"),
    website: website("pawplate"),
    category: "pet-supplies",
    featured: true,
  },
  {
    id: "rewoven",
    name: "Rewoven",
    description:
      "Tote bags and dopp kits cut from retired sailcloth collected at Florida marinas. Every bag is one of a kind and keeps a sail out of the landfill.",
    image: image("rewoven"),
    website: website("rewoven"),
    category: "sustainable-fashion",
    featured: true,
  },
  {
    id: "trailnest",
    name: "TrailNest",
    description:
      "Compression packing cubes with a zip-off laundry pocket, designed by a Navy veteran after twenty years of living out of a sea bag. Funded on Kickstarter, now on outdoor retail shelves.",
    image: image("trailnest"),
    website: website("trailnest"),
    category: "travel-accessories",
    featured: true,
  },
  {
    id: "calmwell",
    name: "Calmwell",
    description:
      "A weighted, cooling eye mask created by a night-shift nurse who needed real daytime sleep. Washable cover, no pressure on the eyes.",
    image: image("calmwell"),
    website: website("calmwell"),
    category: "health-wellness",
    featured: false,
  },
  {
    id: "steady-spoon",
    name: "Steady Spoon",
    description:
      "Weighted, easy-grip utensils developed with occupational therapists for people living with hand tremors, so every meal is a little more independent.",
    image: image("steady-spoon"),
    website: website("steady-spoon"),
    category: "health-wellness",
    featured: false,
  },
  {
    id: "corefold",
    name: "CoreFold",
    description:
      "A workout bench that folds flat to slide under a bed, with built-in resistance band anchors. Sets up in ten seconds, holds 500 pounds.",
    image: image("corefold"),
    website: website("corefold"),
    category: "fitness-health",
    featured: false,
  },
  {
    id: "pacepal",
    name: "PacePal",
    description:
      "A bounce-free running belt that holds a phone, keys and two soft flasks, with reflective trim for early-morning miles.",
    image: image("pacepal"),
    website: website("pacepal"),
    category: "fitness-health",
    featured: false,
  },
  {
    id: "kindred-thread",
    name: "Kindred Thread",
    description:
      "Organic cotton basics cut from zero-waste patterns and sewn in North Carolina. Offcuts become the brand's packaging.",
    image: image("kindred-thread"),
    website: website("kindred-thread"),
    category: "sustainable-fashion",
    featured: false,
  },
  {
    id: "nestcool",
    name: "NestCool",
    description:
      "A pillow with a phase-change cooling panel and adjustable fill, built for hot sleepers in hot climates.",
    image: image("nestcool"),
    website: website("nestcool"),
    category: "home-bedding",
    featured: false,
  },
  {
    id: "tuck-and-stay",
    name: "Tuck & Stay",
    description:
      "Corner straps that keep a fitted sheet on any mattress, from a dorm twin to a deep-pocket king. Patented, and made in the USA.",
    image: image("tuck-and-stay"),
    website: website("tuck-and-stay"),
    category: "home-bedding",
    featured: false,
  },
  {
    id: "gateready",
    name: "GateReady",
    description:
      "A clear, TSA-sized toiletry kit with leak-proof silicone bottles that hang on any hotel towel bar.",
    image: image("gateready"),
    website: website("gateready"),
    category: "travel-accessories",
    featured: false,
  },
  {
    id: "leashloop",
    name: "LeashLoop",
    description:
      "A hands-free leash that clips around the waist, with a shock-absorbing bungee for dogs who pull. Made for runners and parents pushing strollers.",
    image: image("leashloop"),
    website: website("leashloop"),
    category: "pet-supplies",
    featured: false,
  },
  {
    id: "lumen-and-loom",
    name: "Lumen & Loom",
    description:
      "Lamp shades hand-woven from seagrass and paper cord, shipped flat and assembled in a minute without tools.",
    image: image("lumen-and-loom"),
    website: website("lumen-and-loom"),
    category: "home-decor",
    featured: false,
  },
  {
    id: "shelfie",
    name: "Shelfie",
    description:
      "Modular floating shelves that lock together on a single rail, installed with one screw and rearranged without new holes.",
    image: image("shelfie"),
    website: website("shelfie"),
    category: "home-decor",
    featured: false,
  },
  {
    id: "field-and-forge",
    name: "Field & Forge",
    description:
      "Work pants with reinforced knees and a tool-loop waistband, designed by an Army mechanic who wore out a pair a month.",
    image: image("field-and-forge"),
    website: website("field-and-forge"),
    category: "fashion-apparel",
    featured: false,
  },
  {
    id: "halo-hat-co",
    name: "Halo Hat Co.",
    description:
      "Packable sun hats with UPF 50 fabric and a hidden chin cord, made for boat days and long afternoons in the Florida sun.",
    image: image("halo-hat-co"),
    website: website("halo-hat-co"),
    category: "fashion-apparel",
    featured: false,
  },
];

/** The category label for an id ("pet-supplies" -> "Pet Supplies"). */
export function brandCategoryLabel(category: BrandCategoryFilter): string {
  return BRAND_CATEGORIES.find((entry) => entry.id === category)?.label ?? category;
}

/** True when `value` is one of the filter's ids (all, or a category). */
export function isBrandCategoryFilter(value: string | null): value is BrandCategoryFilter {
  return BRAND_CATEGORIES.some((entry) => entry.id === value);
}

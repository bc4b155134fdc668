import { RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, type ResourceCategory } from "../../../common/content";

/** The library's filter: every category, or one. */
export type ResourceFilter = "all" | ResourceCategory;

/** The filter's chips: All first, then each category (spec 000 §2, §3). */
export const RESOURCE_FILTERS: readonly { value: ResourceFilter; label: string }[] = [
  { value: "all", label: "All" },
  ...RESOURCE_CATEGORIES.map((category) => ({ value: category, label: RESOURCE_CATEGORY_LABELS[category] })),
];

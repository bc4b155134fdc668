import { POST_CATEGORIES, POST_CATEGORY_LABELS, type PostCategory } from "../../../common/content";

/** A feed filter: every category, or one. */
export type FeedCategory = "all" | PostCategory;

const ALL = { value: "all", label: "All" } as const;

/** The members' filter (spec 000 §2): All first, then the topics; General posts show under All. */
export const MEMBER_FILTERS: readonly { value: FeedCategory; label: string }[] = [
  ALL,
  ...POST_CATEGORIES.filter((category) => category !== "general").map((category) => ({ value: category, label: POST_CATEGORY_LABELS[category] })),
];

/** The admin tab's chips (spec 001 §2.6): All, then every category. */
export const ADMIN_FILTERS: readonly { value: FeedCategory; label: string }[] = [
  ALL,
  ...POST_CATEGORIES.map((category) => ({ value: category, label: POST_CATEGORY_LABELS[category] })),
];

/** What a post can be filed under. */
export const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({ value: category, label: POST_CATEGORY_LABELS[category] }));

export function isPostCategory(value: string): value is PostCategory {
  return (POST_CATEGORIES as readonly string[]).includes(value);
}

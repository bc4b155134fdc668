/** Texts of the directory and profile screens; the shared ones (private profile, hidden text, limits) live in common/contracts/people.ts. */
export const PEOPLE_PAGE_MESSAGES = {
  title: "People",
  description: "Meet the inventors, manufacturers and brand owners of the community. Search by name, headline, bio or expertise.",
  searchLabel: "Search members",
  searchPlaceholder: "Name, headline, bio or expertise",
  loading: "Loading members",
  failed: "We could not load the member directory. Please try again.",
  profileFailed: "We could not load this profile. Please try again.",
  retry: "Try again",
  noResultsHint: "Try fewer words or clear a filter.",
  loadMore: "Load more",
  allMembers: "All members",
  recentPosts: "Recent community posts",
  noRecentPosts: "No community posts yet.",
  building: "Building",
  about: "About",
  expertise: "Expertise",
  links: "Links",
  editProfile: "Edit your profile",
  youAreHidden: "You are hidden from the member directory. Other members cannot open this page; your name still shows on your posts.",
  adminSeesHidden: "An admin hid this profile's text. You see it because you are an admin.",
  hideText: "Hide text",
  restoreText: "Restore text",
  hideTextFailed: "We could not change this profile. Please try again.",
  editorTitle: "Member profile",
  editorDescription: "What other members see on your profile and in the member directory.",
  saveFailed: "Failed to save your member profile. Please try again.",
  loadEditorFailed: "We could not load your member profile. Please try again.",
} as const;

const memberSince = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" });

/** "Member since March 2026". */
export function memberSinceText(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? "" : `Member since ${memberSince.format(at)}`;
}

import { z } from "zod";
import { POST_CATEGORIES } from "../content";
import { isCountryCode } from "../countries";
import { TIERS } from "../tiers";
import { BUILD_STAGES } from "./people-stages";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";

/** Member profiles and the member directory (README: Member directory and profiles). */
export const PROFILE_LIMITS = {
  headline: 120,
  bio: 1000,
  building: 200,
  tags: 10,
  tag: 30,
  city: 80,
  link: 300,
} as const;

/** Directory rows per page. */
export const DIRECTORY_PAGE_SIZE = 24;
/** Profiles show this many of the member's newest posts. */
export const RECENT_POSTS = 5;

export const PEOPLE_MESSAGES = {
  privateProfile: "This member keeps their profile private",
  notFound: "Member not found",
  textHidden: "An admin hid this profile's text because it broke the community guidelines.",
  ownTextHidden: "An admin hid your profile's text because it broke the community guidelines. Other members see only your name until an admin restores it; edit your profile and contact support.",
  headlineTooLong: `Headline must be at most ${PROFILE_LIMITS.headline} characters long`,
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bio.toLocaleString("en-US")} characters long`,
  buildingTooLong: `What you are building must be at most ${PROFILE_LIMITS.building} characters long`,
  tooManyTags: `Add at most ${PROFILE_LIMITS.tags} expertise tags`,
  tagTooLong: `Each expertise tag must be at most ${PROFILE_LIMITS.tag} characters long`,
  cityTooLong: `City must be at most ${PROFILE_LIMITS.city} characters long`,
  countryInvalid: "Choose a country from the list",
  websiteInvalid: "Website must be a web address starting with http:// or https://",
  linkedinInvalid: "LinkedIn must be a linkedin.com address starting with https://",
  linkTooLong: `Links must be at most ${PROFILE_LIMITS.link} characters long`,
  saved: "Member profile saved",
  hideFromDirectory: "Hide me from the member directory",
  noResults: "No members match your search",
} as const;

const allowedText = (schema: z.ZodString) => schema.refine((value) => !hasForbiddenCharacter(value), FORBIDDEN_CHARACTER_MESSAGE);
const textField = (max: number, message: string) => allowedText(z.string().trim().max(max, message)).default("");

function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const isLinkedinAddress = (value: string): boolean => {
  if (!isHttpAddress(value)) return false;
  const host = new URL(value).hostname.toLowerCase();
  return host === "linkedin.com" || host.endsWith(".linkedin.com");
};

/** A link: empty, or an http(s) address (never `javascript:`, `data:` or the like). */
const linkField = (isAllowed: (value: string) => boolean, message: string) =>
  allowedText(z.string().trim().max(PROFILE_LIMITS.link, PEOPLE_MESSAGES.linkTooLong))
    .refine((value) => value === "" || isAllowed(value), message)
    .default("");

/** Tags are compared lower-case and trimmed, so "CAD " and "cad" are one tag. */
export const normaliseTag = (tag: string): string => tag.trim().replace(/\s+/g, " ").toLowerCase();

const tagsField = z
  .array(allowedText(z.string().max(PROFILE_LIMITS.tag * 2)).transform(normaliseTag))
  .max(PROFILE_LIMITS.tags * 2, PEOPLE_MESSAGES.tooManyTags)
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ""))])
  .refine((tags) => tags.every((tag) => tag.length <= PROFILE_LIMITS.tag), PEOPLE_MESSAGES.tagTooLong)
  .refine((tags) => tags.length <= PROFILE_LIMITS.tags, PEOPLE_MESSAGES.tooManyTags)
  .default([]);

/** PUT /api/me/member-profile: the member's own words, stage, place, links and directory choice. */
export const MemberProfileInputSchema = z.object({
  headline: textField(PROFILE_LIMITS.headline, PEOPLE_MESSAGES.headlineTooLong),
  bio: textField(PROFILE_LIMITS.bio, PEOPLE_MESSAGES.bioTooLong),
  building: textField(PROFILE_LIMITS.building, PEOPLE_MESSAGES.buildingTooLong),
  stage: z.enum(BUILD_STAGES).nullable().default(null),
  expertise: tagsField,
  city: textField(PROFILE_LIMITS.city, PEOPLE_MESSAGES.cityTooLong),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || isCountryCode(value), PEOPLE_MESSAGES.countryInvalid)
    .default(""),
  website: linkField(isHttpAddress, PEOPLE_MESSAGES.websiteInvalid),
  linkedin: linkField(isLinkedinAddress, PEOPLE_MESSAGES.linkedinInvalid),
  hidden: z.boolean().default(false),
});
export type MemberProfileInput = z.input<typeof MemberProfileInputSchema>;
export type MemberProfileFields = z.output<typeof MemberProfileInputSchema>;

/** GET/PUT /api/me/member-profile: what the editor shows, with whether an admin hid the text. */
export const OwnMemberProfileSchema = z.object({
  headline: z.string(),
  bio: z.string(),
  building: z.string(),
  stage: z.enum(BUILD_STAGES).nullable(),
  expertise: z.array(z.string()),
  city: z.string(),
  country: z.string(),
  website: z.string(),
  linkedin: z.string(),
  hidden: z.boolean(),
  textHidden: z.boolean(),
});
export type OwnMemberProfile = z.infer<typeof OwnMemberProfileSchema>;

/** The badge beside a member's name: their tier, or "admin" as on posts. */
export const PersonBadgeSchema = z.enum([...TIERS, "admin"]);
export type PersonBadge = z.infer<typeof PersonBadgeSchema>;
export const DIRECTORY_SORTS = ["newest", "name"] as const;
export const DIRECTORY_SORT_LABELS: Record<(typeof DIRECTORY_SORTS)[number], string> = { newest: "Newest", name: "Alphabetical" };

/** GET /api/people: members who have not hidden themselves; `nextCursor` fetches the next page. */
export const PersonIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const DirectoryQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  stage: z.enum(BUILD_STAGES).optional(),
  expertise: z.string().trim().max(PROFILE_LIMITS.tag).transform(normaliseTag).optional(),
  tier: z.enum(TIERS).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => isCountryCode(value), PEOPLE_MESSAGES.countryInvalid)
    .optional(),
  sort: z.enum(DIRECTORY_SORTS).default("newest"),
  cursor: z.string().max(1000).optional(),
});
export type DirectoryQuery = z.input<typeof DirectoryQuerySchema>;

export const DirectoryMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  badge: PersonBadgeSchema,
  /** Empty while an admin hides the text (except to admins). */
  headline: z.string(),
  stage: z.enum(BUILD_STAGES).nullable(),
  expertise: z.array(z.string()),
  city: z.string(),
  country: z.string(),
  memberSince: z.string(),
});
export type DirectoryMember = z.infer<typeof DirectoryMemberSchema>;
export const DirectoryPageSchema = z.object({ members: z.array(DirectoryMemberSchema), nextCursor: z.string().nullable() });
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

/** GET /api/people/filters: the choices the filters offer, most used first. */
export const DirectoryFiltersSchema = z.object({
  expertise: z.array(z.object({ tag: z.string(), members: z.number().int() })),
  countries: z.array(z.object({ code: z.string(), members: z.number().int() })),
});
export type DirectoryFilters = z.infer<typeof DirectoryFiltersSchema>;

export const RecentPostSchema = z.object({ id: z.number().int(), excerpt: z.string(), category: z.enum(POST_CATEGORIES), createdAt: z.string(), likes: z.number().int(), replyCount: z.number().int() });
export type RecentPost = z.infer<typeof RecentPostSchema>;

/** GET /api/people/:id: a profile, or only the name of a member who keeps it private. */
export const PersonProfileSchema = z.discriminatedUnion("visibility", [
  z.object({ visibility: z.literal("private"), id: z.string(), name: z.string() }),
  z.object({
    visibility: z.literal("shown"),
    id: z.string(),
    name: z.string(),
    profilePicture: z.string().nullable(),
    badge: PersonBadgeSchema,
    memberSince: z.string(),
    headline: z.string(),
    bio: z.string(),
    building: z.string(),
    stage: z.enum(BUILD_STAGES).nullable(),
    expertise: z.array(z.string()),
    city: z.string(),
    country: z.string(),
    website: z.string(),
    linkedin: z.string(),
    recentPosts: z.array(RecentPostSchema),
    isMe: z.boolean(),
    /** Hidden from the directory by the member (shown only to them and admins). */
    hidden: z.boolean(),
    /** An admin hid the text: others get it empty, the member and admins get it marked so. */
    textHidden: z.boolean(),
    /** The viewer may hide or restore the text (admins). */
    canModerate: z.boolean(),
  }),
]);
export type PersonProfile = z.infer<typeof PersonProfileSchema>;
export type ShownPersonProfile = Extract<PersonProfile, { visibility: "shown" }>;

/** Admin actions on profiles, recorded in the audit log. */
export const PEOPLE_AUDIT_ACTIONS = ["hide-profile-text", "restore-profile-text"] as const;
export type PeopleAuditAction = (typeof PEOPLE_AUDIT_ACTIONS)[number];
export const PEOPLE_AUDIT_LABELS: Record<PeopleAuditAction, string> = {
  "hide-profile-text": "Hid profile text",
  "restore-profile-text": "Restored profile text",
};

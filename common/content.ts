import type { PaidTier } from "./tiers";

/** Access levels of sessions, posts and videos (spec 001 §3 "Tiers on content"). */
export const CONTENT_LEVELS = ["all", "inventor", "entrepreneur", "brand-ceo"] as const;
export type ContentLevel = (typeof CONTENT_LEVELS)[number];

/** Resource tiers (spec 000 §3): `free` opens a resource to everyone, `all` to every paid tier. */
export const RESOURCE_TIERS = ["free", "all", "inventor", "entrepreneur", "brand-ceo"] as const;
export type ResourceTier = (typeof RESOURCE_TIERS)[number];

/** Badge text per access level (spec 000 §6, 001 §3). */
export const ACCESS_LEVEL_LABELS: Record<ResourceTier, string> = {
  free: "Free",
  all: "All Members",
  inventor: "Inventor & Above",
  entrepreneur: "Entrepreneur & Above",
  "brand-ceo": "Brand CEO Only",
};

/** The plan a locked item asks for: the cheapest tier that opens it. */
export const REQUIRED_PLAN: Record<Exclude<ResourceTier, "free">, PaidTier> = {
  all: "inventor",
  inventor: "inventor",
  entrepreneur: "entrepreneur",
  "brand-ceo": "brand-ceo",
};

/** Resource categories (spec 000 §3, 001 §3) with the labels the filter shows. */
export const RESOURCE_CATEGORIES = ["general", "product-development", "manufacturing", "marketing", "funding", "legal", "templates"] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export const RESOURCE_CATEGORY_LABELS: Record<ResourceCategory, string> = {
  general: "General",
  "product-development": "Product Development",
  manufacturing: "Manufacturing",
  marketing: "Marketing & Sales",
  funding: "Funding & Investment",
  legal: "Legal & Compliance",
  templates: "Templates & Tools",
};

/** Community post categories (spec 001 §3); the members filter lists all but general (spec 000 §2). */
export const POST_CATEGORIES = ["general", "product-development", "manufacturing", "marketing", "funding", "scaling"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const POST_CATEGORY_LABELS: Record<PostCategory, string> = {
  general: "General",
  "product-development": "Product Development",
  manufacturing: "Manufacturing",
  marketing: "Marketing",
  funding: "Funding",
  scaling: "Scaling",
};

/** Training video categories (spec 001 §3). */
export const VIDEO_CATEGORIES = ["general", "product-development", "manufacturing", "marketing", "funding", "scaling", "leadership"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
export const VIDEO_CATEGORY_LABELS: Record<VideoCategory, string> = {
  general: "General",
  "product-development": "Product Development",
  manufacturing: "Manufacturing",
  marketing: "Marketing",
  funding: "Funding",
  scaling: "Scaling",
  leadership: "Leadership",
};

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character id from a YouTube URL in youtu.be/ID, /embed/ID, /v/ID or watch?v=ID form
 * (spec 001 §5); null when none can be extracted.
 */
export function extractYoutubeId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, id] = url.pathname.split("/");
    if (kind === "embed" || kind === "v") candidate = id ?? null;
    else if (kind === "watch") candidate = url.searchParams.get("v");
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The maximum-resolution thumbnail and the embed URL of a YouTube video (spec 001 §9). */
export const youtubeThumbnailUrl = (id: string) => `https://img.youtube.com/vi/${id}/maxresdefault.jpg`;
export const youtubeEmbedUrl = (id: string) => `https://www.youtube.com/embed/${id}`;

/** Texts of the content screens, word for word from the specs where they give one. */
export const CONTENT_MESSAGES = {
  resourcesFailed: "Failed to load resources. Please try again later.",
  videosFailed: "Failed to load videos. Please try again later.",
  noVideosFound: "No videos found",
  noVideosFilteredHint: "Try adjusting your search or filters.",
  noVideosYetHint: "Videos will appear here once they are added.",
  searchVideosPlaceholder: "Search videos...",
  unlockPremiumVideos: "Unlock Premium Videos",
  viewMembershipOptions: "View Membership Options",
  upgradeNow: "Upgrade Now",
  unknownDuration: "Unknown",
  youtubeDuration: "YouTube Video",
  invalidYoutubeUrl: "Invalid YouTube URL. Please enter a valid YouTube video URL.",
  noUpcomingSessions: "No upcoming sessions scheduled.",
  noPastSessions: "No past sessions available.",
  noPostsInCategory: "No posts found in this category.",
  noResourcesInCategory: "No resources found in this category.",
  noVideosInCategory: "No videos found in this category.",
  confirmDeleteSession: "Are you sure you want to delete this session? This action cannot be undone.",
  confirmDeletePost: "Are you sure you want to delete this post? This will also remove all replies.",
  confirmDeleteResource: "Are you sure you want to delete this resource?",
  confirmDeleteVideo: "Are you sure you want to delete this video?",
  yesDelete: "Yes, Delete",
  videoSaving: "Saving...",
  videoUpdated: "Video updated successfully!",
  videoUpdateFailed: "An error occurred while updating the video",
  postingTooFast: "You are posting too quickly. Please wait a moment and try again.",
  deletedMember: "Deleted member",
  adminAuthor: "Admin",
} as const;

/** Field messages of the content forms (spec 001 §5 lists the required fields, not their texts). */
export const INVALID_URL_MESSAGE = "Please enter a valid URL starting with http:// or https://";
export const MAX_SESSION_PARTICIPANTS = 100_000;
export const PARTICIPANTS_MESSAGE = "Participants must be a whole number from 0 to 100,000";
export const requiredMessage = (field: string) => `${field} is required`;

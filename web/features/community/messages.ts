import { CONTENT_MESSAGES, requiredMessage } from "../../../common/content";
import { ApiError } from "../../lib/api-client";

/** Texts of the community screens; the spec's own texts come from CONTENT_MESSAGES. */
export const COMMUNITY_MESSAGES = {
  feedFailed: "Failed to load posts. Please try again.",
  noPostsYet: "No posts yet",
  noPostsYetHint: "Start the conversation: share a question, a win or a lesson learned.",
  postFailed: "Failed to publish your post. Please try again.",
  replyFailed: "Failed to send your reply. Please try again.",
  saveFailed: "Failed to save your changes. Please try again.",
  likeFailed: "Failed to update the like. Please try again.",
  deletePostFailed: "Failed to delete the post. Please try again.",
  deleteReplyFailed: "Failed to delete the reply. Please try again.",
  repliesFailed: "Failed to load the replies. Please try again.",
  confirmDeleteReply: "Are you sure you want to delete this reply?",
  contentRequired: requiredMessage("Post content"),
} as const;

/** The server's message for answers it explains (429 included), else the screen's fallback. */
export function communityError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) return error.message || CONTENT_MESSAGES.postingTooFast;
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}

/** The server's message for the content field, when it refused the text itself. */
export function contentFieldError(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fields?.content : undefined;
}

import type { NotificationEvent } from "../../../common/contracts/notifications";

interface TextParts {
  event: NotificationEvent;
  headline: string | null;
  /** Null once the actor's account is deleted. */
  actorName: string | null;
  actorCount: number;
}

const FORMER_MEMBER = "A former member";

function actors(name: string | null, count: number): string {
  const first = name ?? FORMER_MEMBER;
  if (count <= 1) return first;
  const others = count - 1;
  return `${first} and ${others} ${others === 1 ? "other" : "others"}`;
}

const SENTENCES: Record<NotificationEvent, (parts: TextParts) => string> = {
  "post-reply": ({ actorName }) => `${actorName ?? FORMER_MEMBER} replied to your post`,
  "thread-reply": ({ actorName }) => `${actorName ?? FORMER_MEMBER} also replied to a post you replied to`,
  mention: ({ actorName }) => `${actorName ?? FORMER_MEMBER} mentioned you`,
  "post-like": ({ actorName, actorCount }) => `${actors(actorName, actorCount)} liked your post`,
  "reply-like": ({ actorName, actorCount }) => `${actors(actorName, actorCount)} liked your reply`,
  "new-session": () => "New mastermind session",
  "new-resource": () => "New resource in the library",
  "new-video": () => "New training video",
  "new-lesson": () => "New lesson in a course",
  recording: () => "A session's recording is ready",
  moderation: () => "A moderator reviewed your post",
  billing: () => "Your billing changed",
  "session-reminder": () => "Session reminder",
  "session-changed": () => "A session you are going to changed",
  // Unread messages of one conversation are one notification; its count is how many are unread.
  message: ({ actorName, actorCount }) => `${actorName ?? "Deleted member"} sent you ${actorCount <= 1 ? "a message" : `${actorCount} messages`}`,
};

/** The sentence the centre, the digest and the push message show; a stored headline wins. */
export function notificationText(parts: TextParts): string {
  return parts.headline ?? SENTENCES[parts.event](parts);
}

import type { ContentLevel, ResourceTier } from "../../../common/content";
import { PAID_TIERS } from "../../../common/tiers";
import { courseAccess } from "../../jobs/broadcast-request";
import { canOpenCourse } from "../university/university.policy";
import { postLevelsFor, resourceTiersFor, sessionLevelsFor, videoLevelsFor, type ContentViewer } from "../content/access.policy";

/** A notification about the member's own account or standing: no tier is involved. */
export const OWN_ACCESS = "own";

/** The access key of a notification about content, on that content's own ladder (features/content/access.policy.ts). */
export const accessOf = {
  session: (level: ContentLevel) => `session:${level}`,
  resource: (tier: ResourceTier) => `resource:${tier}`,
  post: (level: ContentLevel) => `post:${level}`,
  video: (level: ContentLevel) => `video:${level}`,
  course: courseAccess,
};

/**
 * Every access key the viewer may see, as of now: notifications are filtered with it at each read
 * and each live send, so a downgrade hides what the old tier was told about at once.
 */
export function accessKeysFor(viewer: ContentViewer): string[] {
  if (!viewer?.isActive) return [];
  return [
    OWN_ACCESS,
    ...sessionLevelsFor(viewer).map(accessOf.session),
    ...resourceTiersFor(viewer).map(accessOf.resource),
    ...postLevelsFor(viewer).map(accessOf.post),
    ...videoLevelsFor(viewer).map(accessOf.video),
    ...PAID_TIERS.filter((level) => canOpenCourse(viewer, { accessLevel: level })).map(accessOf.course),
  ];
}

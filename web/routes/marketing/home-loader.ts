import { redirect } from "react-router";
import { viewerQueryOptions } from "../../features/session/api";
import { paths } from "../../lib/paths";
import { queryClient } from "../../lib/query-client";

/**
 * Spec 000 §2: home sends a signed-in member whose tier is not free to /members. Admins are exempt
 * (docs/decisions/0002): their sidebar's "View Public Site" must reach the public site.
 * A loader decides on arrival only, so a sign-in made on this page is never overtaken by it.
 */
export async function homeLoader(): Promise<Response | null> {
  const viewer = await queryClient.ensureQueryData(viewerQueryOptions).catch(() => null);
  if (viewer && viewer.role !== "admin" && viewer.membershipTier !== "free") return redirect(paths.members.root);
  return null;
}

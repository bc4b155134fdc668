import type { Profile } from "../../../common/contracts/auth";

/** The viewer's part of a query key: answers that differ per viewer refetch when they sign in or out. */
export function viewerKeyOf(viewer: Profile | null | undefined): string {
  return viewer?.id ?? "anonymous";
}

import { SITE_SHORT_NAME } from "../../lib/brand";
import { usePageMeta, type PageMeta } from "../../lib/use-page-meta";
import { usePublicSettings } from "./api";

/** The community's name as Admin Settings has it ("Shown to members"); the product's own name until it arrives. */
export function useCommunityName(): string {
  return usePublicSettings().data?.communityName ?? SITE_SHORT_NAME;
}

/** A members or admin page's title, followed by the community's name ("Training Videos | Garage Inventors Guild"). */
export function useCommunityPageMeta({ title, description }: PageMeta): void {
  const communityName = useCommunityName();
  usePageMeta({ title: `${title} | ${communityName}`, description });
}

import { CONTENT_MESSAGES } from "../../../../common/content";
import type { PersonBadge as Badged } from "../../../../common/contracts/people";
import { TIER_BADGES } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";

/** The tier badge beside a member's name; admins show as Admin, as on their posts. */
export function PersonBadge({ badge }: { badge: Badged }) {
  if (badge === "admin") return <Badge variant="admin">{CONTENT_MESSAGES.adminAuthor}</Badge>;
  return <Badge variant={badge === "free" ? "neutral" : "accent"}>{TIER_BADGES[badge]}</Badge>;
}

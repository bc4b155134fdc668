import type { Tier } from "../../../../common/tiers";
import { TIER_BADGES } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";

/** The tier with the members sidebar's label; paid tiers in brass. */
export function TierBadge({ tier }: { tier: Tier }) {
  return <Badge variant={tier === "free" ? "neutral" : "accent"}>{TIER_BADGES[tier]}</Badge>;
}

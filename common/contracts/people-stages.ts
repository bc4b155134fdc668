/** What stage a member's product is at, in the order a product goes through them. */
export const BUILD_STAGES = ["idea", "prototype", "patent-pending", "manufacturing", "selling"] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];

export const BUILD_STAGE_LABELS: Record<BuildStage, string> = {
  idea: "Idea",
  prototype: "Prototype",
  "patent-pending": "Patent pending",
  manufacturing: "Manufacturing",
  selling: "Selling",
};

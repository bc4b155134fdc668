/** The plan grid's anchor on home: the hero's "View plans" scrolls to it, links reach it as /#pricing. */
export const PRICING_ID = "pricing";

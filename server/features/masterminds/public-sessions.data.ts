import type { PaidTier } from "../../../common/tiers";

export interface PublicSessionRecord {
  id: string;
  title: string;
  /** Upcoming sessions are dated relative to today; past ones carry their real date. */
  date: (now: Date) => Date;
  time: string;
  location: string;
  description: string;
  facilitator: string;
  participants: number;
  tier: PaidTier;
  isPast: boolean;
  /** Recordings live in the members area, which checks the tier again. */
  recordingPath: string | null;
}

const monthDay = (offsetMonths: number, day: number) => (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offsetMonths, day));
const fixed = (iso: string) => () => new Date(iso);

/** The public Masterminds page's sessions (spec 000 §2, §6) until admins manage real ones. */
export const PUBLIC_SESSIONS: PublicSessionRecord[] = [
  {
    id: "monthly-mastermind",
    title: "Monthly Mastermind: From Prototype to Purchase Order",
    date: monthDay(1, 15),
    time: "10:00 AM-12:00 PM ET",
    location: "Live video call",
    description: "Members bring their current blocker, from a stalled prototype to a first retail buyer, and leave with next steps from founders who have shipped.",
    facilitator: "Founder & Community Host",
    participants: 24,
    tier: "entrepreneur",
    isPast: false,
    recordingPath: null,
  },
  {
    id: "vip-ceo-retreat",
    title: "VIP CEO Retreat",
    date: monthDay(2, 10),
    time: "Three days, 9:00 AM-5:00 PM ET",
    location: "Orlando, Florida",
    description: "Three days with fellow Brand CEOs on retail distribution, hiring a first team and building a brand that lasts.",
    facilitator: "Founder & invited brand owners",
    participants: 12,
    tier: "brand-ceo",
    isPast: false,
    recordingPath: null,
  },
  {
    id: "manufacturing-quotes",
    title: "Reading Manufacturing Quotes Without Getting Burned",
    date: fixed("2025-05-15T14:00:00Z"),
    time: "10:00 AM-12:00 PM ET",
    location: "Live video call",
    description: "Tooling costs, minimum order quantities and landed cost: how to compare factory quotes line by line.",
    facilitator: "Sourcing lead, Inventors Community",
    participants: 31,
    tier: "entrepreneur",
    isPast: true,
    recordingPath: "/members/mastermind?recording=manufacturing-quotes",
  },
  {
    id: "market-testing",
    title: "Market Testing Workshop",
    date: fixed("2025-06-22T14:00:00Z"),
    time: "10:00 AM-12:00 PM ET",
    location: "Live video call",
    description: "Landing pages, pre-sales and small-batch tests that prove demand before you order inventory.",
    facilitator: "Growth mentor, Inventors Community",
    participants: 28,
    tier: "entrepreneur",
    isPast: true,
    recordingPath: "/members/mastermind?recording=market-testing",
  },
  {
    id: "retail-buyers",
    title: "CEO Roundtable: Pitching National Retail Buyers",
    date: fixed("2025-04-10T14:00:00Z"),
    time: "1:00 PM-3:00 PM ET",
    location: "Live video call",
    description: "Brand CEOs who landed national shelf space walk through their line reviews, margins and first reorders.",
    facilitator: "Founder & Community Host",
    participants: 14,
    tier: "brand-ceo",
    isPast: true,
    recordingPath: "/members/mastermind?recording=retail-buyers",
  },
];

import type { LucideIcon } from "lucide-react";
import { CreditCard, FileText, MessagesSquare, Presentation, Video } from "lucide-react";

export type MemberSection = {
  path: string;
  title: string;
  description: string;
  icon: LucideIcon;
  comingSoon: string;
};

/** The members area's sections besides the dashboard (spec 000 §2). */
export const MEMBER_SECTIONS: MemberSection[] = [
  {
    path: "mastermind",
    title: "Mastermind Sessions",
    description: "Live sessions on a video call, grouped by membership tier, with recordings of past sessions.",
    icon: Presentation,
    comingSoon: "The session calendar is being set up. Upcoming sessions for your tier are listed on your dashboard meanwhile.",
  },
  {
    path: "community",
    title: "Community",
    description: "Discuss product development, manufacturing, marketing, funding and scaling with other members.",
    icon: MessagesSquare,
    comingSoon: "The discussion board opens soon. You will be able to post, reply and like posts from other members here.",
  },
  {
    path: "resources",
    title: "Resource Library",
    description: "Templates, guides and tools, filtered by category and unlocked by your membership tier.",
    icon: FileText,
    comingSoon: "We are loading the library's templates and guides. They will be downloadable from this page.",
  },
  {
    path: "training",
    title: "Training Videos",
    description: "Lessons from founders who have taken products to market, searchable and filtered by topic.",
    icon: Video,
    comingSoon: "Training videos will appear here once they are added.",
  },
  {
    path: "account",
    title: "Account",
    description: "Your subscription, billing details and plan options.",
    icon: CreditCard,
    comingSoon: "Subscription details and billing management arrive with paid checkout.",
  },
];

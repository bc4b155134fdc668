import type { LucideIcon } from "lucide-react";
import { CreditCard, FileText, Mail, MessagesSquare, Presentation, UsersRound, Video } from "lucide-react";

export type MemberSection = {
  path: string;
  title: string;
  description: string;
  icon: LucideIcon;
};

/** The members area's sections besides the dashboard (spec 000 §2). */
export const MEMBER_SECTIONS: MemberSection[] = [
  {
    path: "mastermind",
    title: "Mastermind Sessions",
    description: "Live sessions on a video call, grouped by membership tier, with recordings of past sessions.",
    icon: Presentation,
  },
  {
    path: "community",
    title: "Community",
    description: "Discuss product development, manufacturing, marketing, funding and scaling with other members.",
    icon: MessagesSquare,
  },
  {
    path: "people",
    title: "People",
    description: "Find inventors, manufacturers and brand owners by name, expertise, stage and country, and open their profiles.",
    icon: UsersRound,
  },
  {
    path: "messages",
    title: "Messages",
    description: "Private conversations with other members.",
    icon: Mail,
  },
  {
    path: "resources",
    title: "Resource Library",
    description: "Templates, guides and tools, filtered by category and unlocked by your membership tier.",
    icon: FileText,
  },
  {
    path: "training",
    title: "Training Videos",
    description: "Lessons from founders who have taken products to market, searchable and filtered by topic.",
    icon: Video,
  },
  {
    path: "account",
    title: "Account",
    description: "Your subscription, billing details and plan options.",
    icon: CreditCard,
  },
];

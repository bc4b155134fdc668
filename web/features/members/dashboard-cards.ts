import type { LucideIcon } from "lucide-react";
import { BookOpen, CreditCard, Image, LayoutDashboard, MessagesSquare, Presentation, Settings, Users, Video, FileText } from "lucide-react";
import { paths } from "../../lib/paths";

export type DashboardCard = { to: string; title: string; description: string; icon: LucideIcon };

/** Member cards of the dashboard (spec 000 §2). */
export const MEMBER_CARDS: DashboardCard[] = [
  {
    to: paths.members.mastermind,
    title: "Mastermind Sessions",
    description: "Live working sessions where members bring a product problem and leave with next steps.",
    icon: Presentation,
  },
  {
    to: paths.members.community,
    title: "Community",
    description: "Ask questions, share wins and find partners for manufacturing, marketing and funding.",
    icon: MessagesSquare,
  },
  {
    to: paths.members.resources,
    title: "Resource Library",
    description: "Templates, checklists and guides for every stage from prototype to retail.",
    icon: FileText,
  },
  {
    to: paths.members.training,
    title: "Training Videos",
    description: "Step-by-step lessons on patents, sourcing, product launches and scaling a brand.",
    icon: Video,
  },
  {
    to: paths.members.account,
    title: "Account",
    description: "Your membership, billing and subscription settings.",
    icon: CreditCard,
  },
];

/** Admin-only cards. The original pointed them at /members/admin/*, which never existed; they go to the admin area. */
export const ADMIN_CARDS: DashboardCard[] = [
  { to: paths.admin.root, title: "Admin Dashboard", description: "Member counts and recent activity.", icon: LayoutDashboard },
  { to: paths.admin.users, title: "User Management", description: "Roles, tiers and account status.", icon: Users },
  { to: paths.admin.content, title: "Content Management", description: "Sessions, posts, resources and videos.", icon: BookOpen },
  { to: paths.admin.media, title: "Media Library", description: "Images, videos and documents.", icon: Image },
  { to: paths.admin.settings, title: "Admin Settings", description: "Invitations, coupons and community settings.", icon: Settings },
];

import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", {
  variants: {
    variant: {
      neutral: "bg-navy-50 text-navy-700 ring-1 ring-navy-100 ring-inset",
      accent: "bg-brass-100 text-brass-700 ring-1 ring-brass-200 ring-inset",
      inverse: "bg-white/10 text-white ring-1 ring-white/20 ring-inset",
      success: "bg-success-soft text-success ring-1 ring-success/20 ring-inset",
      admin: "bg-navy-800 text-white",
    },
  },
  defaultVariants: { variant: "neutral" },
});

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

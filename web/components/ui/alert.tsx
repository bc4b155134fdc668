import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { cn } from "../../lib/cn";

const alertVariants = cva("flex items-start gap-3 rounded-md border px-4 py-3 text-sm", {
  variants: {
    variant: {
      error: "border-danger/25 bg-danger-soft text-danger",
      success: "border-success/25 bg-success-soft text-success",
      info: "border-navy-100 bg-info-soft text-navy-800",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

export type AlertProps = ComponentProps<"div"> & VariantProps<typeof alertVariants>;

/** Inline message; errors are announced assertively, the rest politely. */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const tone = variant ?? "info";
  const Icon = icons[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 font-medium">{children}</div>
    </div>
  );
}

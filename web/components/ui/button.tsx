import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from "react";
import { cn } from "../../lib/cn";

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const VARIANTS = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  accent: "bg-accent text-accent-foreground shadow-sm hover:bg-accent-hover",
  outline: "border border-border bg-surface text-ink shadow-sm hover:bg-navy-50",
  ghost: "text-ink hover:bg-navy-50",
  inverse: "border border-white/25 bg-white/5 text-white hover:bg-white/15",
  danger: "bg-danger text-white shadow-sm hover:bg-danger/90",
  link: "text-navy-600 underline-offset-4 hover:underline",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

type ButtonStyle = { variant?: keyof typeof VARIANTS | null; size?: keyof typeof SIZES | null };

/**
 * The button's classes, for elements that are not a Button. Written out rather than with cva: the
 * button is on the home page's first load. A link-styled button sits inline with text: no box.
 */
export function buttonVariants({ variant, size }: ButtonStyle = {}): string {
  const tone = variant ?? "primary";
  return cn(BASE, VARIANTS[tone], SIZES[size ?? "md"], tone === "link" && "h-auto px-0");
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonStyle & {
    /** Render the single child (e.g. a Link) with the button's styles. */
    asChild?: boolean;
  };

type ChildProps = { className?: string };

/** Gives the single child element the button's props and classes (radix's Slot, minus ~1 kB on first load). */
function renderAsChild({ className, children, ...props }: ComponentProps<"button">) {
  if (!isValidElement<ChildProps>(children)) return null;
  const child = children as ReactElement<ChildProps>;
  return cloneElement(child, { ...props, ...child.props, className: cn(className, child.props.className) });
}

/** The one button of the app; `asChild` styles a Link or anchor as a button. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return renderAsChild({ className: cn(buttonVariants({ variant, size }), className), ...props });
  return <button type={type ?? "button"} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

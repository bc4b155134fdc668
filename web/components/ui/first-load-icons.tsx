import type { ComponentProps } from "react";

/*
 * The icons of the home page and of every public page's header and footer, drawn here with lucide's
 * own paths (ISC): lucide-react's runtime and one small chunk per shared icon would add ~1.5 kB
 * gzipped and a dozen requests to the home page's first load. Everywhere else, import icons from
 * lucide-react. Several of lucide's paths are joined into one `d`, each starting with an absolute move.
 */

export type IconProps = Omit<ComponentProps<"svg">, "children">;

/** A 24-pixel lucide-style outline icon drawn from one path. */
export function Icon({ d, ...props }: IconProps & { d: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return <Icon d="M4 5h16M4 12h16M4 19h16" {...props} />;
}

export function CloseIcon(props: IconProps) {
  return <Icon d="M18 6 6 18M6 6l12 12" {...props} />;
}

export function ArrowDownIcon(props: IconProps) {
  return <Icon d="M12 5v14M19 12l-7 7-7-7" {...props} />;
}

export function ShieldCheckIcon(props: IconProps) {
  return (
    <Icon
      d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zM9 12l2 2 4-4"
      {...props}
    />
  );
}

export function LightbulbIcon(props: IconProps) {
  return (
    <Icon
      d="M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5M9 18h6M10 22h4"
      {...props}
    />
  );
}

export function CheckIcon(props: IconProps) {
  return <Icon d="M20 6 9 17l-5-5" {...props} />;
}

export function PlayIcon(props: IconProps) {
  return <Icon d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" {...props} />;
}

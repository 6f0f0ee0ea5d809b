import { ICONS, type IconName } from '../../lib/icons.ts';

interface IconProps {
  name: IconName;
  className?: string;
  size?: number;
}

/** Decorative icon for islands; the same shapes as components/ui/Icon.astro. */
export function Icon({ name, className, size = 24 }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

import { createElement } from 'react';
import {
  Check,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Info,
  Minus,
  Trash,
  UserRound,
  X,
  type IconNode,
} from 'lucide';

// Every icon of the console comes from this one set (Lucide), drawn as SVG so that no font can lack a glyph.
// The icons are Lucide's plain drawing data, imported by name: only these reach the bundle, and no icon
// component runtime does (the shell's start-up budget includes shared-kit).
const ICONS = {
  info: Info,
  trash: Trash,
  close: X,
  check: Check,
  indeterminate: Minus,
  first: ChevronsLeft,
  previous: ChevronLeft,
  next: ChevronRight,
  last: ChevronsRight,
  profile: UserRound,
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  name: IconName;
  /** Edge length in pixels. */
  size?: number;
}

const reactName = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A decorative icon: the control it sits in carries the accessible name. */
export function Icon({ name, size = 16 }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICONS[name].map(([tag, attributes], index) =>
        createElement(tag, {
          key: index,
          ...Object.fromEntries(Object.entries(attributes).map(([key, value]) => [reactName(key), value])),
        }),
      )}
    </svg>
  );
}

import { Check, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Info, Minus, Trash2, UserRound, X } from 'lucide-react';

// Every icon of the console comes from this one set (Lucide, drawn as SVG so no font can lack a glyph). Each
// icon is imported by name, so only these reach the bundle.
const ICONS = {
  info: Info,
  trash: Trash2,
  close: X,
  check: Check,
  indeterminate: Minus,
  first: ChevronsLeft,
  previous: ChevronLeft,
  next: ChevronRight,
  last: ChevronsRight,
  profile: UserRound,
} as const;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  name: IconName;
  /** Edge length in pixels. */
  size?: number;
}

/** A decorative icon: the control it sits in carries the accessible name. */
export function Icon({ name, size = 16 }: IconProps) {
  const Drawing = ICONS[name];
  return <Drawing aria-hidden="true" focusable="false" size={size} strokeWidth={2} data-icon={name} />;
}

import styled from 'styled-components';
import type { ProductHubTheme } from './theme';

/** A step of the theme's spacing scale. */
export type Space = keyof ProductHubTheme['spacing'];

interface Spaced {
  /** Space between the children: md unless told. */
  $gap?: Space;
}

const gapOf = ({ theme, $gap = 'md' }: Spaced & { theme: ProductHubTheme }) => theme.spacing[$gap];

export interface StackProps extends Spaced {
  /** How the children line up across: stretched to the full width unless told. */
  $align?: 'stretch' | 'flex-start';
}

/** Children one under another, `$gap` apart: the column every page section, form and card body is. */
export const Stack = styled.div<StackProps>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $align = 'stretch' }) => $align};
  gap: ${gapOf};
`;

export interface RowProps extends Spaced {
  /** How the children line up across: centred unless told. */
  $align?: 'center' | 'flex-start' | 'stretch';
  /** `space-between` puts the first child at the start and the last at the end. */
  $justify?: 'flex-start' | 'space-between';
  /** Wrap onto more lines on narrow screens instead of overflowing. */
  $wrap?: boolean;
}

/** Children side by side, `$gap` apart: a label with its help, a message with its Retry, a group of buttons. */
export const Row = styled.div<RowProps>`
  display: flex;
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  gap: ${gapOf};
`;

/** A title or a search at the start, actions at the end, wrapping on narrow screens: above a list, at a page's top or foot. */
export const Toolbar = styled(Row).attrs({ $wrap: true, $justify: 'space-between' })``;

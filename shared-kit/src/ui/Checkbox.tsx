import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';
import { Icon } from './Icon';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** Visible label; without it, pass `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  id?: string;
}

// Middle, not baseline: an empty box on the baseline sits a few pixels above the text beside it.
const Wrapper = styled.span`
  display: inline-flex;
  vertical-align: middle;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

// A button with role="checkbox", as Radix's checkbox is, but without its ~17 components (context, presence,
// slot...): tables show two per row, 250 rows a page. The mark is drawn only while checked.
const Box = styled.button`
  display: inline-flex;
  vertical-align: middle;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 18px;
  height: 18px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.onPrimary};
  cursor: pointer;

  &[aria-checked='true'],
  &[aria-checked='mixed'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

const Label = styled.label<{ $disabled: boolean }>`
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
`;

// WAI-ARIA: a checkbox toggles with Space only (the button's own activation); Enter would submit or activate.
const ignoreEnter = (event: KeyboardEvent) => event.key === 'Enter' && event.preventDefault();

/** A tri-state checkbox: role="checkbox" with aria-checked true, false or "mixed"; a click on mixed checks it. */
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  'aria-label': ariaLabel,
  disabled = false,
  id,
}: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? (label === undefined ? undefined : generatedId);
  const box = (
    <Box
      type="button"
      role="checkbox"
      id={checkboxId}
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={() => onCheckedChange(checked === 'indeterminate' ? true : !checked)}
      onKeyDown={ignoreEnter}
    >
      {checked !== false && <Icon name={checked === 'indeterminate' ? 'indeterminate' : 'check'} size={14} />}
    </Box>
  );
  if (label === undefined) return box;
  return (
    <Wrapper>
      {box}
      <Label htmlFor={checkboxId} $disabled={disabled}>
        {label}
      </Label>
    </Wrapper>
  );
}

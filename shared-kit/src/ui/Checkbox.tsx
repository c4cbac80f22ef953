import { useId, type ReactNode } from 'react';
import * as RadixCheckbox from '@radix-ui/react-checkbox';
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

const Box = styled(RadixCheckbox.Root)`
  display: inline-flex;
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
  font-size: 12px;
  line-height: 1;
  cursor: pointer;

  &[data-state='checked'],
  &[data-state='indeterminate'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

const Indicator = styled(RadixCheckbox.Indicator)`
  display: inline-flex;
`;

const Label = styled.label<{ $disabled: boolean }>`
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
`;

export function Checkbox({ checked, onCheckedChange, label, 'aria-label': ariaLabel, disabled = false, id }: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  return (
    <Wrapper>
      <Box id={checkboxId} checked={checked} onCheckedChange={(next) => onCheckedChange(next === true)} aria-label={ariaLabel} disabled={disabled}>
        <Indicator aria-hidden="true">
          <Icon name={checked === 'indeterminate' ? 'indeterminate' : 'check'} size={14} />
        </Indicator>
      </Box>
      {label !== undefined && (
        <Label htmlFor={checkboxId} $disabled={disabled}>
          {label}
        </Label>
      )}
    </Wrapper>
  );
}

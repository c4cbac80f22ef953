import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Checkbox, InfoPopup } from 'shared-kit';

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  info?: ReactNode;
  disabled?: boolean;
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 36px;
`;

/** A labelled checkbox with its help popup, aligned with the text fields around it. */
export function CheckboxField({ label, checked, onCheckedChange, info, disabled }: CheckboxFieldProps) {
  return (
    <Row>
      <Checkbox label={label} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
      {info !== undefined && <InfoPopup label={label}>{info}</InfoPopup>}
    </Row>
  );
}

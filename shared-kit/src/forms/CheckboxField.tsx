import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import styled from 'styled-components';
import { Checkbox, InfoPopup } from 'shared-kit';

export interface CheckboxFieldProps {
  /** The form value (a boolean) it edits. */
  name: string;
  label: string;
  info?: ReactNode;
  disabled?: boolean;
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 36px;
`;

/** A labelled checkbox of a `Form` with its help popup, aligned with the text fields around it. */
export function CheckboxField({ name, label, info, disabled }: CheckboxFieldProps) {
  const { field } = useController({ name });
  return (
    <Row>
      <Checkbox
        label={label}
        checked={field.value === true}
        onCheckedChange={(checked) => field.onChange(checked)}
        disabled={disabled}
      />
      {info !== undefined && <InfoPopup label={label}>{info}</InfoPopup>}
    </Row>
  );
}

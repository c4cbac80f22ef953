import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorText } from './ErrorText';
import { InfoPopup } from './InfoPopup';

export interface FieldProps {
  label: string;
  /** The id of the control the label is for. */
  htmlFor: string;
  /** Help text, shown in an info popup next to the label. */
  info?: ReactNode;
  /** Shown under the control with id `{htmlFor}-error`, for the control's aria-describedby. */
  error?: string;
  required?: boolean;
  children: ReactNode;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const LabelRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  margin-left: 2px;
`;

export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;

export function Field({ label, htmlFor, info, error, required = false, children }: FieldProps) {
  return (
    <Root>
      <LabelRow>
        <Label htmlFor={htmlFor}>
          {label}
          {/* The control's own `required` tells assistive technology; the star is for the eye. */}
          {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
        </Label>
        {info !== undefined && <InfoPopup label={label}>{info}</InfoPopup>}
      </LabelRow>
      {children}
      {error && <ErrorText id={fieldErrorId(htmlFor)}>{error}</ErrorText>}
    </Root>
  );
}

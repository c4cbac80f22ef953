import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring';

const controlStyles = css`
  width: 100%;
  padding: 7px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.normal};

  &:disabled,
  &:read-only:not(select) {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.muted};
  }
  &:disabled {
    cursor: not-allowed;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  ${focusRing}
`;

/** Native controls with the kit's look; they take every native prop, including ref. */
export const TextInput = styled.input`
  ${controlStyles}
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;

export const Select = styled.select`
  ${controlStyles}
  width: auto;
  cursor: pointer;
`;

import styled from 'styled-components';

/** A sign-in step: one narrow column, full width on a phone. */
export const StepCard = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 440px;
  margin: ${({ theme }) => theme.spacing.lg} auto;
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.title};
  }

  p {
    margin: 0;
  }

  form {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing.md};
  }
`;

export const StepActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const Notice = styled.p`
  color: ${({ theme }) => theme.colors.success};
`;

import styled from 'styled-components';
import { Button, Spinner } from 'shared-kit';
import { useMessages } from '../../messages/messages';

const Box = styled.div`
  padding: ${({ theme }) => theme.spacing.lg} 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Problem = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.lg} 0;
`;

/** A page's data on its way. */
export function Loading({ label }: { label: string }) {
  return (
    <Box>
      <Spinner label={label} />
    </Box>
  );
}

/** A list with nothing in it. */
export function Empty({ text }: { text: string }) {
  return (
    <Box>
      <p>{text}</p>
    </Box>
  );
}

/** Data that could not be loaded: what went wrong, and a way to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useMessages();
  return (
    <Problem>
      <p role="alert">{text}</p>
      <Button onClick={onRetry}>{t('action.retry')}</Button>
    </Problem>
  );
}

/** A page's code on its way (its chunk loads when first visited). */
export function PageLoading() {
  const { t } = useMessages();
  return <Loading label={t('portal.pageLoading')} />;
}

import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { COPY_CONFIRMATION_MS } from '../constants';
import { Button } from './Button';

export interface CopyButtonProps {
  value: string;
  label?: string;
  /** The confirmations, for screens with texts of their own (the customer portal's message catalogue). */
  copiedText?: string;
  failedText?: string;
}

type CopyOutcome = 'idle' | 'copied' | 'failed';

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Status = styled.span<{ $failed: boolean }>`
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.success)};
`;

export function CopyButton({
  value,
  label = 'Copy',
  copiedText = 'Copied to clipboard!',
  failedText = 'Copy failed',
}: CopyButtonProps) {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  // Bumped on every successful copy so a second copy restarts the confirmation time.
  const [copyCount, setCopyCount] = useState(0);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome('idle'), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome, copyCount]);

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts: that counts as a failure too.
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
      setCopyCount((count) => count + 1);
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <Wrapper>
      <Button size="small" onClick={copy}>
        {label}
      </Button>
      {/* The live region stays mounted so screen readers announce the text when it appears. */}
      <Status role="status" $failed={outcome === 'failed'}>
        {outcome === 'copied' ? copiedText : outcome === 'failed' ? failedText : ''}
      </Status>
    </Wrapper>
  );
}

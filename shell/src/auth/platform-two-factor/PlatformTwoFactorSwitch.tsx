import { useState } from 'react';
import styled from 'styled-components';
import { Button, Checkbox, ErrorText, errorMessage, formatDateTime } from 'shared-kit';
import { usePlatformRequirement } from './use-platform-requirement';

export const PLATFORM_REQUIREMENT_LABEL = 'Require two-factor sign-in for every system user';
export const PLATFORM_REQUIREMENT_WARNING =
  'This applies to every staff member of every manufacturer and to you, the Super User: set up a factor of your own above before you turn it on, or your next sign-in will ask you to set one up.';
export const PLATFORM_REQUIREMENT_ON =
  'Two-factor sign-in is now required of every system user: who has no factor sets one up at their next sign-in.';
export const PLATFORM_REQUIREMENT_OFF =
  'Two-factor sign-in is no longer required platform-wide: each manufacturer’s own setting applies.';
const LOAD_FAILED = 'Whether two-factor sign-in is required platform-wide could not be loaded.';
const SAVE_FAILED = 'The platform-wide two-factor requirement could not be saved. Please try again.';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Part = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  max-width: 640px;
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

/** The Super User's platform-wide switch (docs/staff-access.md, "Requiring two-factor sign-in"), saved as flipped. */
export function PlatformTwoFactorSwitch() {
  const { requirement, error, isLoading, reload, save } = usePlatformRequirement();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string>();

  const flip = async (required: boolean) => {
    setBusy(true);
    setSaid('');
    setFailure(undefined);
    try {
      await save(required);
      setSaid(required ? PLATFORM_REQUIREMENT_ON : PLATFORM_REQUIREMENT_OFF);
    } catch (problem) {
      setFailure(errorMessage(problem, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Part aria-labelledby="platform-two-factor">
      <h2 id="platform-two-factor">Two-factor sign-in for everyone</h2>
      {isLoading && <p>Loading…</p>}
      {(error || (!isLoading && !requirement)) && (
        <div>
          <ErrorText>{errorMessage(error, LOAD_FAILED)}</ErrorText>
          <Button size="small" onClick={reload}>
            Retry
          </Button>
        </div>
      )}
      {requirement && (
        <>
          <Checkbox
            label={PLATFORM_REQUIREMENT_LABEL}
            checked={requirement.required}
            disabled={busy}
            onCheckedChange={(required) => void flip(required)}
          />
          {requirement.required_since && <Note>Required since {formatDateTime(requirement.required_since)}.</Note>}
          <Note>{PLATFORM_REQUIREMENT_WARNING}</Note>
          {failure && <ErrorText>{failure}</ErrorText>}
          <Note role="status">{said}</Note>
        </>
      )}
    </Part>
  );
}

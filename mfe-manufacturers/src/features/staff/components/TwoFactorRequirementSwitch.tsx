import { useState } from 'react';
import styled from 'styled-components';
import { Button, Checkbox, ErrorText, Spinner, errorMessage, useCan } from 'shared-kit';
import { useSetTwoFactorRequirement, useTwoFactorRequirement } from '../api/two-factor-requirement';
import {
  REQUIREMENT_LABEL,
  REQUIREMENT_LOAD_FAILED,
  REQUIREMENT_OFF,
  REQUIREMENT_ON,
  REQUIREMENT_SAVE_FAILED,
} from './staff-words';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * Whether every staff member must sign in with two factors: saved as soon as it is flipped; shown, disabled with
 * the reason, to who may not set it (`staff.access`: owners and the Super User).
 */
export function TwoFactorRequirementSwitch({ manufacturerId }: { manufacturerId: number }) {
  const setting = useCan('staff.access');
  const requirement = useTwoFactorRequirement(manufacturerId);
  const save = useSetTwoFactorRequirement();
  const [saved, setSaved] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (requirement.isLoading) return <Spinner label="Loading the two-factor requirement..." />;
  if (requirement.error || !requirement.data)
    return (
      <div>
        <Note>{errorMessage(requirement.error, REQUIREMENT_LOAD_FAILED)}</Note>
        <Button size="small" onClick={() => void requirement.mutate()}>
          Retry
        </Button>
      </div>
    );

  const flip = async (required: boolean) => {
    setSaved('');
    setFailure(null);
    try {
      await save.trigger({ manufacturerId, required });
      setSaved(required ? REQUIREMENT_ON : REQUIREMENT_OFF);
    } catch (error) {
      setFailure(errorMessage(error, REQUIREMENT_SAVE_FAILED));
    }
  };

  return (
    <div>
      <Checkbox
        label={REQUIREMENT_LABEL}
        checked={requirement.data.required}
        disabled={save.isMutating || !setting.allowed}
        onCheckedChange={(required) => void flip(required)}
      />
      {setting.reason && <Note>{setting.reason}</Note>}
      {failure && <ErrorText>{failure}</ErrorText>}
      <Note role="status">{saved}</Note>
    </div>
  );
}

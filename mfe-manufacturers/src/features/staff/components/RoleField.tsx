import styled from 'styled-components';
import { SelectField } from 'shared-kit/forms';
import { ROLE_CHOICES } from './staff-words';

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The role of an invite or a member; "Owner" stays listed but cannot be chosen by who may not make owners. */
export function RoleField({ ownerChoice }: { ownerChoice: string | undefined }) {
  return (
    <>
      <SelectField name="role" label="Role" required>
        {ROLE_CHOICES.map((choice) => (
          <option
            key={choice.value}
            value={choice.value}
            disabled={choice.value === 'owner' && ownerChoice !== undefined}
            title={choice.value === 'owner' ? ownerChoice : undefined}
          >
            {choice.label}
          </option>
        ))}
      </SelectField>
      {ownerChoice && <Hint>{ownerChoice}</Hint>}
    </>
  );
}

import styled from 'styled-components';
import { Button, ButtonLink, SpinnerIcon, type LockedControl } from 'shared-kit';

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

export interface SaveCancelProps {
  /** While the save is under way: 'Saving...' with a spinner. */
  saving: boolean;
  /** A rule outside the fields forbids saving now. */
  disabled?: boolean;
  cancelTo: string;
  /** The role may not save (`useCan(action).lock`): Save stays focusable, disabled with the reason. */
  lock?: LockedControl;
}

/** A form's Save (submit) and Cancel (a link back). */
export function SaveCancel({ saving, disabled = false, cancelTo, lock }: SaveCancelProps) {
  return (
    <Actions>
      <Button type="submit" variant="primary" disabled={saving || disabled} aria-busy={saving || undefined} {...lock}>
        {saving && <SpinnerIcon />}
        {saving ? 'Saving...' : 'Save'}
      </Button>
      <ButtonLink to={cancelTo}>Cancel</ButtonLink>
    </Actions>
  );
}

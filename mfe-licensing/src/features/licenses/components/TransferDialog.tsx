import { useState } from 'react';
import styled from 'styled-components';
import {
  Dialog,
  DialogFormFooter,
  ErrorText,
  PaginationControls,
  SearchBox,
  Spinner,
  TRANSFER_USER_PICKER_SIZE,
  errorMessage,
  type EndUser,
  type License,
} from 'shared-kit';
import { useTransferCandidates } from '../api/get-transfer-candidates';
import { useTransferLicense } from '../api/transfer-license';

export const TRANSFER_FAILED = 'The license could not be transferred.';

export interface TransferDialogProps {
  license: License;
  onClose: () => void;
}

const Candidates = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  max-height: 320px;
  overflow-y: auto;
`;

const Legend = styled.legend`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  margin-left: ${({ theme }) => theme.spacing.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Candidate = styled.label<{ $disabled: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
  &:hover {
    background: ${({ theme, $disabled }) => ($disabled ? 'transparent' : theme.colors.surfaceHover)};
  }
`;

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.muted};
`;

/** Moves a licence to another end user, picked by email from the manufacturer's users (100 per page). */
export function TransferDialog({ license, onClose }: TransferDialogProps) {
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(TRANSFER_USER_PICKER_SIZE);
  const [target, setTarget] = useState<EndUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useTransferCandidates(email, page, perPage);
  const transfer = useTransferLicense();
  const busy = transfer.isMutating;

  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await transfer.trigger({ licenseId: license.id, target });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, TRANSFER_FAILED));
    }
  };

  return (
    <Dialog
      open
      width="640px"
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Transfer License"
      description={`License ${license.serial}, now owned by ${license.user.email}. Choose the user to transfer it to.`}
      footer={
        <DialogFormFooter
          onSubmit={confirm}
          submitLabel="OK"
          pending={busy}
          submitDisabled={!target}
          onCancel={onClose}
        />
      }
    >
      <SearchBox
        placeholder="Search User by Email"
        value={email}
        onSearch={(text) => {
          setEmail(text);
          setPage(1);
        }}
      />
      <Candidates>
        <Legend>Transfer to</Legend>
        {candidates.isLoading ? (
          <Message as="div">
            <Spinner label="Loading users..." />
          </Message>
        ) : candidates.rows.length === 0 ? (
          <Message>{candidates.error ? 'The users could not be loaded.' : 'No users found.'}</Message>
        ) : (
          candidates.rows.map((user) => {
            const isOwner = user.id === license.user_id;
            return (
              <Candidate key={user.id} $disabled={isOwner}>
                <input
                  type="radio"
                  name={`transfer-${license.id}`}
                  value={user.id}
                  checked={target?.id === user.id}
                  disabled={isOwner || busy}
                  onChange={() => setTarget(user)}
                />
                {isOwner ? `${user.email} (current owner)` : user.email}
              </Candidate>
            );
          })
        )}
      </Candidates>
      <PaginationControls
        pagination={candidates.pagination}
        perPage={perPage}
        onPageChange={setPage}
        onPerPageChange={(size) => {
          setPerPage(size);
          setPage(1);
        }}
      />
      {target && <p>Transfer to: {target.email}</p>}
      {error && <ErrorText>{error}</ErrorText>}
    </Dialog>
  );
}

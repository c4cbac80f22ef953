import { ShownOnceSecretDialog } from 'shared-kit';

export const RECOVERY_CODES_SHOWN_ONCE =
  'Save these codes now (print them or keep them in a password manager): you will not see them again.';

/** The recovery codes, shown once (Security page, and the enrolment at sign-in). */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <ShownOnceSecretDialog
      shown={{
        title: 'Your recovery codes',
        description: 'Each code signs you in once when you do not have your phone.',
        warning: RECOVERY_CODES_SHOWN_ONCE,
        secret: codes.join('\n'),
        secretLabel: 'Recovery codes',
        copyLabel: 'Copy codes',
        width: '420px',
      }}
      onClose={onClose}
    />
  );
}

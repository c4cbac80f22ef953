import { formatUserCode, normalizeUserCode } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { OneFieldForm } from '../../../shared/components/OneFieldForm';

/** The code box, for a customer who opened the page without the code in its address. */
export function CodeEntry({ onCode, defaultValue }: { onCode: (code: string) => void; defaultValue?: string }) {
  const { t } = useMessages();
  return (
    <OneFieldForm
      formLabel={t('activate.codeForm')}
      label={t('activate.code')}
      submitText={t('activate.continue')}
      defaultValue={defaultValue}
      autoFocus
      inputProps={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 12 }}
      problemOf={(value) => (normalizeUserCode(value) ? null : t('activate.codeProblem'))}
      onSubmit={async (value) => onCode(formatUserCode(normalizeUserCode(value)!))}
      failedText={() => t('activate.failed')}
    />
  );
}

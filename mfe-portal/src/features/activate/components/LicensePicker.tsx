import styled from 'styled-components';
import type { PortalBrowserActivationLicense } from 'shared-kit';
import { useMessages } from '../../../messages/messages';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: 0;

  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    margin-bottom: ${({ theme }) => theme.spacing.sm};
  }

  label {
    display: flex;
    gap: ${({ theme }) => theme.spacing.sm};
    align-items: center;
    padding: ${({ theme }) => theme.spacing.xs} 0;
  }
`;

/** The customer's licences that can take the machine, as radio buttons (arrow keys move between them). */
export function LicensePicker({
  licenses,
  chosen,
  onChoose,
}: {
  licenses: PortalBrowserActivationLicense[];
  chosen: number | null;
  onChoose: (licenseId: number) => void;
}) {
  const { t } = useMessages();
  return (
    <Fieldset>
      <legend>{t('activate.chooseLicense')}</legend>
      {licenses.map((license) => (
        <label key={license.id}>
          <input
            type="radio"
            name="license"
            value={license.id}
            checked={chosen === license.id}
            onChange={() => onChoose(license.id)}
          />
          <span>
            {license.holds_this_machine
              ? t('activate.licenseHoldsMachine', { serial: license.serial })
              : t('activate.licenseOption', {
                  serial: license.serial,
                  used: license.active_machines,
                  limit: license.machine_limit,
                })}
          </span>
        </label>
      ))}
    </Fieldset>
  );
}

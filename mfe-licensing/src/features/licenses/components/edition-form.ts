import type { Edition, LicenseEditionBody } from 'shared-kit';
import type { ContractRules } from 'shared-kit/forms';

export interface EditionFormValues {
  /** The chosen edition's id as the select holds it; '' before a choice. */
  edition_id: string;
}

export const EDITION_REQUIRED = 'Choose the edition the license changes to.';
export const SAME_EDITION_CHOSEN = 'The license already has this edition: choose another.';

/** An edition as the select names it: its name, its features, and whether the licence has it now. */
export function editionOption(edition: Edition, currentId: number | null): string {
  const features = edition.features.length ? ` (${edition.features.join(', ')})` : ' (no features)';
  return `${edition.name}${features}${edition.id === currentId ? ' (current)' : ''}`;
}

/** The choice checked as the server checks POST /licenses/{id}/edition, and not the edition the licence has. */
export const editionContract = (currentId: number | null): ContractRules<EditionFormValues, LicenseEditionBody> => ({
  schema: () => import('shared-kit/contract').then((contract) => contract.LicenseEditionBody),
  toBody: ({ edition_id }) => ({ edition_id: Number(edition_id) }),
  messages: { edition_id: EDITION_REQUIRED },
  rules: ({ edition_id }) =>
    edition_id !== '' && Number(edition_id) === currentId ? { edition_id: SAME_EDITION_CHOSEN } : {},
});

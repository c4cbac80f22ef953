import type { PortalSettings, UpdatePortalSettingsBody } from 'shared-kit';
import type { ContractRules } from 'shared-kit/forms';

export interface PortalSlugFormValues {
  slug: string;
}

export const SLUG_EMPTY = 'Enter the portal address, e.g. aurora-audio.';
export const SLUG_INVALID =
  'The portal address takes lower-case letters, digits and hyphens inside (at most 63), e.g. aurora-audio.';

export const portalSlugFormValues = (settings: PortalSettings): PortalSlugFormValues => ({ slug: settings.slug });

export const portalSlugBody = (values: PortalSlugFormValues): UpdatePortalSettingsBody => ({
  slug: values.slug.trim(),
});

/** The slug's form against the contract's body (PortalSlug: the server's pattern); reserved and taken slugs the server answers. */
export const portalSlugContract: ContractRules<PortalSlugFormValues, UpdatePortalSettingsBody> = {
  schema: () => import('shared-kit/contract').then((contract) => contract.UpdatePortalSettingsBody),
  toBody: portalSlugBody,
  messages: { slug: { empty: SLUG_EMPTY, invalid: SLUG_INVALID } },
};

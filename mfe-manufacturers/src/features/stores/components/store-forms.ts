import type { CreateStoreMappingBody, LicenseType, SetStoreSecretBody, StoreMapping } from 'shared-kit';

export interface SecretFormValues {
  secret: string;
}

export interface MappingFormValues {
  storePriceId: string;
  productId: string;
  licenseType: LicenseType;
}

export const SECRET_REQUIRED = 'Signing secret is required.';
export const SECRET_INVALID = 'Signing secret must be 8 to 200 characters, without spaces.';
export const PRICE_ID_REQUIRED = 'Price ID is required.';
export const PRICE_ID_INVALID = 'Price ID is letters, digits and _ . : - (as the store shows it), at most 200.';
export const PRODUCT_REQUIRED = 'Choose a product.';

export const NEW_SECRET: SecretFormValues = { secret: '' };
export const NEW_MAPPING: MappingFormValues = { storePriceId: '', productId: '', licenseType: 'Standard' };
export const mappingFormValues = (mapping: StoreMapping): MappingFormValues => ({
  storePriceId: mapping.store_price_id,
  productId: String(mapping.product_id),
  licenseType: mapping.license_type,
});

// A secret is pasted as the store shows it: spaces around it are the clipboard's, not the secret's.
export const secretBody = (values: SecretFormValues): SetStoreSecretBody => ({ secret: values.secret.trim() });

export const mappingBody = (values: MappingFormValues): CreateStoreMappingBody => ({
  store_price_id: values.storePriceId.trim(),
  product_id: Number(values.productId),
  license_type: values.licenseType,
});

export const validateMappingForm = (values: MappingFormValues) =>
  values.productId === '' ? { productId: PRODUCT_REQUIRED } : {};

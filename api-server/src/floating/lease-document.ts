import type { LeaseDocument } from 'shared-kit/contract';
import { LEASE_FORMAT, signDocument } from 'signed-formats';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { documentTime, secondsNow } from '../clients/client-values';
import type { SignedLeaseRow } from './queries/leases';

/** The signed lease a plugin keeps while it uses the seat (docs/client-api.md, format producthub-lease). */
export function signLease(
  productKeyOf: ProductKeyOf,
  license: {
    product_id: number;
    serial: string;
    private_key_encrypted: string;
    edition: string | null;
    features: string[];
  },
  lease: SignedLeaseRow,
): LeaseDocument {
  return signDocument(
    LEASE_FORMAT,
    {
      product_id: license.product_id,
      serial: license.serial,
      hardware_fingerprint: lease.hardware_fingerprint,
      lease_id: lease.id,
      borrowed: lease.borrowed,
      expires_at: documentTime(lease.expires_at),
      edition: license.edition ?? '',
      features: license.features.map((key) => ({ key })),
      issued_at: documentTime(secondsNow()),
    },
    productKeyOf(license.private_key_encrypted),
  ) as LeaseDocument;
}

import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL, NIMBUS_STAFF } from './stack';
import { staffApi } from './staff-api';

/** A licence of a portal customer, with what a plugin needs to activate it and check its answers. */
export interface CustomerLicense {
  id: number;
  serial: string;
  productId: number;
  productName: string;
  identifier: string;
  publicKey: string;
  machineLimit: number;
}

/**
 * A customer who exists only for the spec that made it: no other spec reads or changes it. They are Nimbus
 * Instruments' (portal `nimbus-instruments`): other specs count Aurora Audio's users and licences, never Nimbus's.
 */
export interface PortalCustomer {
  /** The manufacturer's portal slug. */
  slug: string;
  email: string;
  license: CustomerLicense;
  /** The machine activated on the licence through the client API, as a plugin does online. */
  activatedFingerprint: string;
}

/**
 * A new end user of Nimbus Instruments (staff API) with a Standard licence of `productIdentifier` and one machine
 * activated on it (client API), so a spec builds its own world instead of counting on demo data that other specs
 * change.
 */
export async function newPortalCustomer(
  request: APIRequestContext,
  productIdentifier = 'com.nimbus.strings',
): Promise<PortalCustomer> {
  const staff = await staffApi(request, NIMBUS_STAFF);

  const email = `portal-e2e-${randomUUID()}@nimbus.listener.example`;
  const user = await staff.post<{ id: number }>('/users', { email });
  const products = await staff.get<{
    data: { id: number; name: string; identifier: string | null; public_key: string; machine_limit: number }[];
  }>('/products', { identifier: productIdentifier, per_page: '250' });
  const product = products.data.find((candidate) => candidate.identifier === productIdentifier);
  if (!product) throw new Error(`Nimbus Instruments has no product ${productIdentifier}`);
  expect(product.machine_limit, 'a machine activated online and one offline').toBeGreaterThanOrEqual(2);
  const license = await staff.post<{ id: number; serial: string }>(`/users/${user.id}/licenses`, {
    product_id: product.id,
    license_type: 'Standard',
  });

  const activatedFingerprint = `HWFP2-E2E-LAPTOP-${randomUUID()}`;
  const activation = await request.post(`${E2E_BASE_URL}/api/v1/clients/app/activations`, {
    data: {
      product_id: product.id,
      serial: license.serial,
      hardware_fingerprint: activatedFingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    },
  });
  expect(activation.status(), await activation.text()).toBeLessThan(300);
  return {
    slug: 'nimbus-instruments',
    email,
    activatedFingerprint,
    license: {
      id: license.id,
      serial: license.serial,
      productId: product.id,
      productName: product.name,
      identifier: productIdentifier,
      publicKey: product.public_key,
      machineLimit: product.machine_limit,
    },
  };
}

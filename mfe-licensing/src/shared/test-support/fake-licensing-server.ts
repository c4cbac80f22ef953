import type {
  Edition,
  LicenseEditionBody,
  LicenseRenewBody,
  LicenseTerms,
  Policy,
  BulkUpdateLicensesBody,
  EndUser,
  License,
  LicenseFile,
  LicenseLeaseList,
  LicenseMachine,
  Trial,
  UpdateLicenseBody,
  ActivateLicenseBody,
  OrderSummary,
} from 'shared-kit';
import { apiError, page, type FakeApiServer, type RecordedApiCall } from 'shared-kit/testing';

// An in-memory stand-in for the licensing API, following the server's rules closely enough for screen tests.

const PRODUCTS = {
  1: { id: 1, name: 'Aurora Reverb', identifier: 'com.aurora.reverb', series: 'Studio' },
  2: { id: 2, name: 'Aurora Drums', identifier: 'com.aurora.drums', series: 'Engine' },
} as const;

export function endUser(id: number, email: string): EndUser {
  return {
    id,
    email,
    external_id: null,
    manufacturer_id: 1,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
  };
}

export function license(id: number, owner: EndUser, productId: 1 | 2 = 1, extra: Partial<License> = {}): License {
  return {
    id,
    serial: `SER${id}A-BCDEF-GHJKM-NPQRS`,
    license_type: 'Standard',
    disabled: false,
    disabled_reason: null,
    created_at: '2026-02-01T09:30:00Z',
    updated_at: '2026-02-02T09:30:00Z',
    user_id: owner.id,
    user: { email: owner.email },
    product_id: productId,
    product: PRODUCTS[productId],
    ...extra,
  };
}

/** The page the server answers for `query` (1-based, `per_page` rows). */
function pageOf<T>(rows: T[], query: RecordedApiCall['query']) {
  const perPage = Number(query?.per_page ?? 25);
  const current = Number(query?.page ?? 1);
  return page(rows.slice((current - 1) * perPage, current * perPage), { total: rows.length, perPage, current });
}

export function machine(id: number, fingerprint: string, extra: Partial<LicenseMachine> = {}): LicenseMachine {
  return {
    id,
    name: null,
    hardware_fingerprint: fingerprint,
    first_activated_at: '2026-02-03T08:00:00Z',
    last_activated_at: '2026-02-20T16:45:00Z',
    deactivated_at: null,
    deactivated_by: null,
    ...extra,
  };
}

/** A licence's terms without a policy: no edition, no expiry, no maintenance window. */
export const noTerms = (licenseId: number): LicenseTerms => ({
  license_id: licenseId,
  edition: null,
  expires_at: null,
  grace_days: 0,
  expired: false,
  maintenance_months: null,
  maintenance_ends_at: null,
});

const contains = (text: string, part: unknown) => !part || text.toLowerCase().includes(String(part).toLowerCase());

export interface FakeLicensingState {
  users: EndUser[];
  licenses: License[];
  trials?: Trial[];
  /** The machines of each licence, by licence id. */
  machines?: Record<number, LicenseMachine[]>;
  /** The terms of each licence, by licence id (a licence without: none, as without a policy). */
  terms?: Record<number, LicenseTerms>;
  /** The editions of each product, by product id (a product without: none). */
  editions?: Record<number, Edition[]>;
  /** The policies of each product, by product id (a product without: none). */
  policies?: Record<number, Policy[]>;
  /** The seats of each floating licence and the leases holding them, by licence id (others: not floating). */
  leases?: Record<number, LicenseLeaseList>;
  /** The order each licence came from, by licence id (a licence without: none). */
  orders?: Record<number, OrderSummary>;
  /** Answers that replace the normal one for a call, e.g. a failure. */
  override?: (call: RecordedApiCall) => unknown | undefined;
}

export function fakeLicensingServer(state: FakeLicensingState): FakeApiServer {
  return (call) => {
    const overridden = state.override?.(call);
    if (overridden !== undefined) return overridden;
    const { method, path, query } = call;
    let match: RegExpMatchArray | null;

    if (method === 'GET' && (match = path.match(/^\/products\/(\d+)\/licenses$/))) {
      return pageOf(
        state.licenses.filter((l) => l.product_id === Number(match![1]) && contains(l.user.email, query?.email)),
        query,
      );
    }
    if (method === 'GET' && (match = path.match(/^\/users\/(\d+)\/licenses$/))) {
      return pageOf(
        state.licenses.filter((l) => l.user_id === Number(match![1])),
        query,
      );
    }
    if (method === 'GET' && path === '/users')
      return pageOf(
        state.users.filter((u) => contains(u.email, query?.email)),
        query,
      );
    if (method === 'PATCH' && path === '/licenses/bulk-update') {
      const body = call.body as BulkUpdateLicensesBody;
      const missing = body.license_ids.filter((id) => !state.licenses.some((l) => l.id === id));
      if (missing.length) throw apiError(404, `License not found: ${missing.join(', ')}`);
      state.licenses = state.licenses.map((l) =>
        body.license_ids.includes(l.id)
          ? { ...l, disabled: body.disabled, disabled_reason: body.disabled_reason ?? null }
          : l,
      );
      return { data: state.licenses.filter((l) => body.license_ids.includes(l.id)) };
    }
    if (method === 'PATCH' && (match = path.match(/^\/licenses\/(\d+)$/))) {
      const body = call.body as UpdateLicenseBody;
      const id = Number(match[1]);
      const target = body.user_id === undefined ? undefined : state.users.find((u) => u.id === body.user_id);
      if (body.user_id !== undefined && !target) throw apiError(404, 'User not found');
      state.licenses = state.licenses.map((l) =>
        l.id !== id
          ? l
          : target
            ? { ...l, user_id: target.id, user: { email: target.email } }
            : { ...l, disabled: body.disabled!, disabled_reason: body.disabled_reason ?? null },
      );
      return state.licenses.find((l) => l.id === id);
    }
    if (method === 'POST' && (match = path.match(/^\/licenses\/(\d+)\/activations$/))) {
      const body = call.body as ActivateLicenseBody;
      const found = state.licenses.find((l) => l.id === Number(match![1]))!;
      if (found.disabled)
        throw apiError(
          409,
          `This license is deactivated (${found.disabled_reason}): it cannot be activated on a machine until it is activated again.`,
        );
      if (!body.hardware_fingerprint.trim())
        throw apiError(400, 'Enter the hardware fingerprint of the machine to activate.');
      const file: LicenseFile = {
        format_version: 1,
        serial: found.serial,
        license_type: found.license_type,
        product_identifier: found.product.identifier!,
        user_id: found.user_id,
        user_email: found.user.email,
        hardware_fingerprint: body.hardware_fingerprint.trim(),
        hardware_fingerprint_version: body.hardware_fingerprint_version,
        signature_seed_version: body.signature_seed_version,
        issued_at: '2026-03-05T14:07:00Z',
        signature: 'c2lnbmF0dXJl',
      };
      return file;
    }
    if (method === 'GET' && (match = path.match(/^\/products\/(\d+)\/trials$/))) {
      return pageOf(
        (state.trials ?? []).filter((t) => contains(t.hardware_fingerprint, query?.hardware_fingerprint)),
        query,
      );
    }
    if (method === 'DELETE' && (match = path.match(/^\/products\/(\d+)\/trials\/(\d+)$/))) {
      const id = Number(match[2]);
      if (!(state.trials ?? []).some((t) => t.id === id)) throw apiError(404, 'Trial not found');
      state.trials = (state.trials ?? []).filter((t) => t.id !== id);
      return undefined;
    }
    if (method === 'GET' && (match = path.match(/^\/licenses\/(\d+)\/terms$/))) {
      const id = Number(match[1]);
      if (!state.licenses.some((l) => l.id === id)) throw apiError(404, 'License not found');
      return state.terms?.[id] ?? noTerms(id);
    }
    if (method === 'GET' && (match = path.match(/^\/products\/(\d+)\/editions$/)))
      return { data: state.editions?.[Number(match[1])] ?? [] };
    if (method === 'GET' && (match = path.match(/^\/products\/(\d+)\/policies$/)))
      return { data: state.policies?.[Number(match[1])] ?? [] };
    if (method === 'POST' && (match = path.match(/^\/licenses\/(\d+)\/edition$/))) {
      const id = Number(match[1]);
      const found = state.licenses.find((l) => l.id === id);
      if (!found) throw apiError(404, 'License not found');
      const edition = state.editions?.[found.product_id]?.find(
        (e) => e.id === (call.body as LicenseEditionBody).edition_id,
      );
      if (!edition) throw apiError(400, "edition_id names no edition of this license's product.");
      const terms = state.terms?.[id] ?? noTerms(id);
      if (terms.edition?.id === edition.id) throw apiError(409, 'The license already has this edition.');
      const changed = { ...terms, edition: { id: edition.id, name: edition.name, features: edition.features } };
      state.terms = { ...state.terms, [id]: changed };
      return changed;
    }
    if (method === 'POST' && (match = path.match(/^\/licenses\/(\d+)\/renew$/))) {
      const id = Number(match[1]);
      const found = state.licenses.find((l) => l.id === id);
      if (!found) throw apiError(404, 'License not found');
      const until = (call.body as LicenseRenewBody).expires_at;
      if (until !== undefined && !(Date.parse(until) > Date.now()))
        throw apiError(400, 'expires_at must be in the future.');
      const terms = state.terms?.[id] ?? noTerms(id);
      const days = state.policies?.[found.product_id]?.find(
        (p) => p.license_type === found.license_type,
      )?.duration_days;
      if (until === undefined && !days)
        throw apiError(400, "This license's policy has no duration: give the date it runs until (expires_at).");
      const from = Math.max(terms.expires_at ? Date.parse(terms.expires_at) : Date.now(), Date.now());
      const expiresAt = until ?? new Date(from + days! * 24 * 60 * 60 * 1000).toISOString();
      const renewed = { ...terms, expires_at: expiresAt, expired: false };
      state.terms = { ...state.terms, [id]: renewed };
      return renewed;
    }
    if (method === 'GET' && (match = path.match(/^\/licenses\/(\d+)\/order$/))) {
      const id = Number(match[1]);
      if (!state.licenses.some((l) => l.id === id)) throw apiError(404, 'License not found');
      return { order: state.orders?.[id] ?? null };
    }
    if (method === 'GET' && (match = path.match(/^\/licenses\/(\d+)\/machines$/))) {
      const id = Number(match[1]);
      if (!state.licenses.some((l) => l.id === id)) throw apiError(404, 'License not found');
      return state.machines?.[id] ?? [];
    }
    if (method === 'POST' && (match = path.match(/^\/licenses\/(\d+)\/machines\/(\d+)\/deactivate$/))) {
      const [licenseId, machineId] = [Number(match[1]), Number(match[2])];
      const found = state.machines?.[licenseId]?.find((m) => m.id === machineId);
      if (!found) throw apiError(404, 'Machine not found');
      if (found.deactivated_at !== null) throw apiError(409, 'This machine is already deactivated.');
      const deactivated: LicenseMachine = { ...found, deactivated_at: '2026-03-06T12:00:00Z', deactivated_by: 'staff' };
      state.machines![licenseId] = state.machines![licenseId].map((m) => (m.id === machineId ? deactivated : m));
      return deactivated;
    }
    if (method === 'GET' && (match = path.match(/^\/licenses\/(\d+)\/leases$/))) {
      const id = Number(match[1]);
      if (!state.licenses.some((l) => l.id === id)) throw apiError(404, 'License not found');
      return state.leases?.[id] ?? { seats: null, leases: [] };
    }
    if (method === 'POST' && (match = path.match(/^\/licenses\/(\d+)\/leases\/([\w-]+)\/release$/))) {
      const [licenseId, leaseId] = [Number(match[1]), match[2]];
      const seats = state.leases?.[licenseId];
      const found = seats?.leases.find((lease) => lease.id === leaseId);
      if (!seats || !found) throw apiError(404, 'Lease not found');
      state.leases![licenseId] = { ...seats, leases: seats.leases.filter((lease) => lease.id !== leaseId) };
      return found;
    }
    throw apiError(404, `No fake answer for ${method} ${path}`);
  };
}

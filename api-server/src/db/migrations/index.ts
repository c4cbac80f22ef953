import type { Migration } from 'kysely';
import * as initialSchema from './0001-initial-schema';
import * as listIndexesAndTotals from './0002-list-indexes-and-totals';
import * as principalChangeNotifications from './0003-principal-change-notifications';
import * as endUsersCoveringListIndex from './0004-end-users-covering-list-index';
import * as sessionIdleAndRateLimits from './0005-session-idle-and-rate-limits';
import * as clientApi from './0006-client-api';
import * as auditEventIndexes from './0008-audit-event-indexes';
import * as webhooks from './0009-webhooks';
import * as userImports from './0010-user-imports';
import * as dashboard from './0011-dashboard';
import * as clientActivationFunction from './0012-client-activation-function';
import * as webhookOutboxPerStatement from './0013-webhook-outbox-per-statement';
import * as auditEventFilterIndexes from './0015-audit-event-filter-indexes';
import * as productsCoveringListIndex from './0017-products-covering-list-index';
import * as auditEventTotals from './0018-audit-event-totals';
import * as licenceWriteCosts from './0019-licence-write-costs';
import * as emailOutbox from './0020-email-outbox';
import * as portalSignIn from './0021-portal-sign-in';
import * as portalEmailChanges from './0022-portal-email-changes';
import * as emailHeldSecrets from './0024-email-held-secrets';
import * as activationByCustomer from './0025-activation-by-customer';
import * as machineNames from './0026-machine-names';
import * as apiKeys from './0030-api-keys';
import * as licencePolicies from './0040-licence-policies';
import * as sessionDevices from './0050-session-devices';
import * as browserActivations from './0070-browser-activations';
import * as portalReservedSlugs from './0075-portal-reserved-slugs';
import * as orders from './0080-orders';
import * as serialBatches from './0090-serial-batches';
import * as floatingLeases from './0100-floating-leases';
import * as twoFactor from './0110-two-factor';
import * as webhookFairDelivery from './0120-webhook-fair-delivery';
import * as storeAdapters from './0130-store-adapters';
import * as buyerMails from './0140-buyer-mails';
import * as passkeys from './0150-passkeys';
import * as staffRoles from './0200-staff-roles';
import * as staffInvites from './0230-staff-invites';
import * as sso from './0240-sso';
import * as browserActivationFileVersion from './0280-browser-activation-file-version';
import * as oneActivationWrite from './0291-one-activation-write';
import * as seatCheckoutFunction from './0296-seat-checkout-function';
import * as leaseRoomForHeartbeats from './0286-lease-room-for-heartbeats';
import * as staffInviteWithdraw from './0260-staff-invite-withdraw';
import * as twoFactorRequirements from './0210-two-factor-requirements';

/** Versioned migrations, applied in key order. Never edit one that has shipped: add the next. */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-list-indexes-and-totals': listIndexesAndTotals,
  '0003-principal-change-notifications': principalChangeNotifications,
  '0004-end-users-covering-list-index': endUsersCoveringListIndex,
  '0005-session-idle-and-rate-limits': sessionIdleAndRateLimits,
  '0006-client-api': clientApi,
  '0008-audit-event-indexes': auditEventIndexes,
  '0009-webhooks': webhooks,
  '0010-user-imports': userImports,
  '0011-dashboard': dashboard,
  '0012-client-activation-function': clientActivationFunction,
  '0013-webhook-outbox-per-statement': webhookOutboxPerStatement,
  '0015-audit-event-filter-indexes': auditEventFilterIndexes,
  '0017-products-covering-list-index': productsCoveringListIndex,
  '0018-audit-event-totals': auditEventTotals,
  '0019-licence-write-costs': licenceWriteCosts,
  '0020-email-outbox': emailOutbox,
  '0021-portal-sign-in': portalSignIn,
  '0022-portal-email-changes': portalEmailChanges,
  '0024-email-held-secrets': emailHeldSecrets,
  '0025-activation-by-customer': activationByCustomer,
  '0026-machine-names': machineNames,
  '0030-api-keys': apiKeys,
  '0040-licence-policies': licencePolicies,
  '0050-session-devices': sessionDevices,
  '0070-browser-activations': browserActivations,
  '0075-portal-reserved-slugs': portalReservedSlugs,
  '0080-orders': orders,
  '0090-serial-batches': serialBatches,
  '0100-floating-leases': floatingLeases,
  '0110-two-factor': twoFactor,
  '0120-webhook-fair-delivery': webhookFairDelivery,
  '0130-store-adapters': storeAdapters,
  '0140-buyer-mails': buyerMails,
  '0150-passkeys': passkeys,
  '0200-staff-roles': staffRoles,
  '0230-staff-invites': staffInvites,
  '0240-sso': sso,
  '0260-staff-invite-withdraw': staffInviteWithdraw,
  '0210-two-factor-requirements': twoFactorRequirements,
  '0280-browser-activation-file-version': browserActivationFileVersion,
  '0291-one-activation-write': oneActivationWrite,
  '0296-seat-checkout-function': seatCheckoutFunction,
  '0286-lease-room-for-heartbeats': leaseRoomForHeartbeats,
};

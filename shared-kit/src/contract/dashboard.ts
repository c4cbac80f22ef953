import { Type, type Static } from '@sinclair/typebox';
import { Id, Text } from './common';
import { LicenseTypeSchema } from './licenses';

export const DASHBOARD_PERIODS = [30, 90] as const;

/** `days`: the period of the per-day series and of "top products" (30 or 90 days ending today, UTC). */
export const DashboardQuery = Type.Object({
  days: Type.Optional(Type.Integer({ enum: [...DASHBOARD_PERIODS], default: 30, description: '30 or 90' })),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

const Count = Type.Integer({ minimum: 0 });

export const DashboardLicenseCount = Type.Object({ license_type: LicenseTypeSchema, enabled: Count, disabled: Count });
export type DashboardLicenseCount = Static<typeof DashboardLicenseCount>;

/** One UTC day; every day of the period is present, days without events count 0. */
export const DashboardDay = Type.Object({ day: Text({ format: 'date' }), activations: Count, trials: Count });
export type DashboardDay = Static<typeof DashboardDay>;

/** Activations in the period, per product (top first, products without activations in the period left out). */
export const DashboardTopProduct = Type.Object({ product_id: Id, name: Text(), activations: Count });
export type DashboardTopProduct = Static<typeof DashboardTopProduct>;

/** A product's trials (all time) and those converted: the trial's fingerprint activated by a licence of that product at or after the trial started. */
export const DashboardConversion = Type.Object({ product_id: Id, name: Text(), trials: Count, converted: Count });
export type DashboardConversion = Static<typeof DashboardConversion>;

/** Manufacturer staff see their manufacturer; the superuser sees every manufacturer together (`manufacturers` set, no per-product lists). */
export const Dashboard = Type.Object({
  scope: Type.Union([Type.Literal('manufacturer'), Type.Literal('platform')]),
  days: Type.Integer(),
  totals: Type.Object({
    manufacturers: Type.Union([Count, Type.Null()]),
    licenses: Count,
    activations: Count,
    trials: Count,
  }),
  licenses_by_type: Type.Array(DashboardLicenseCount),
  per_day: Type.Array(DashboardDay),
  top_products: Type.Array(DashboardTopProduct),
  conversion: Type.Array(DashboardConversion),
});
export type Dashboard = Static<typeof Dashboard>;

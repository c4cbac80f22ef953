import { Type, type Static } from '@sinclair/typebox';
import { LicenseListQuery } from './licenses';
import { ManufacturerListQuery } from './manufacturers';
import { ProductListQuery } from './products';
import { TrialListQuery } from './trials';
import { EndUserListQuery } from './users';

// CSV export: `GET <list path>` + EXPORT_PATH_SUFFIX (constants.ts, which the console reads too) with the list's own
// search and filter parameters (paging ones are ignored: an export is the whole filtered list). Answers
// `text/csv; charset=utf-8` as an attachment.

const withoutPaging = <T extends Parameters<typeof Type.Omit>[0]>(query: T) => Type.Omit(query, ['page', 'per_page']);

export const ProductExportQuery = withoutPaging(ProductListQuery);
export type ProductExportQuery = Static<typeof ProductExportQuery>;
export const LicenseExportQuery = withoutPaging(LicenseListQuery);
export type LicenseExportQuery = Static<typeof LicenseExportQuery>;
export const TrialExportQuery = withoutPaging(TrialListQuery);
export type TrialExportQuery = Static<typeof TrialExportQuery>;
export const EndUserExportQuery = withoutPaging(EndUserListQuery);
export type EndUserExportQuery = Static<typeof EndUserExportQuery>;
export const ManufacturerExportQuery = withoutPaging(ManufacturerListQuery);
export type ManufacturerExportQuery = Static<typeof ManufacturerExportQuery>;

import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { TObject } from '@sinclair/typebox';
import type { FieldValues, Resolver } from 'react-hook-form';
import { registerContractFormats } from './contract-formats';

/**
 * react-hook-form's TypeBox resolver run on a request body. Loaded with a form's first check, so TypeBox is not
 * part of a remote's first load (bundle budget).
 */
export function checkBody(schema: object, body: unknown, context: unknown, options: Parameters<Resolver<FieldValues>>[2]) {
  registerContractFormats();
  const check = typeboxResolver(schema as TObject);
  type Checked = Parameters<typeof check>;
  // The body's paths are not the form's: no field refs or names of the form go with it.
  return check(body as Checked[0], context as Checked[1], { ...options, fields: {}, names: [] } as unknown as Checked[2]);
}

import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** The console's text for a field whatever the contract's rule said, or one text for an empty field and one for the rest. */
export type FieldMessage =
  string | { empty: string; invalid: string | ((value: string, contractText: string) => string) };

export type FieldName<Values> = Extract<keyof Values, string>;

/**
 * A TypeBox object schema, typed by shape: the kit's declarations and an app's may load TypeBox's types from two
 * builds (CommonJS and ESM), whose `Kind` symbols TypeScript holds to be different.
 */
export interface ContractSchema {
  readonly type: 'object';
  readonly properties: object;
}

export interface ContractRules<Values extends FieldValues, Body> {
  /**
   * The request body's schema in the contract: the one the server validates with. A remote passes a loader
   * (`() => import('shared-kit/contract').then((contract) => contract.EndUserBody)`), so the schema library comes
   * with the first check rather than with the remote's first load.
   */
  schema: ContractSchema | (() => Promise<ContractSchema>);
  /** The body the form sends; the resolver checks it against `schema`. */
  toBody: (values: Values) => Body;
  /** Body properties whose form field has another name (`external_id` → `externalId`). */
  fieldOf?: Partial<Record<string, FieldName<Values>>>;
  /** The console's texts (docs/console.md), which win over TypeBox's. */
  messages?: Partial<Record<FieldName<Values>, FieldMessage>>;
  /** Rules beyond one field's schema (the contract's rule modules): one message per field. */
  rules?: (values: Values) => Partial<Record<FieldName<Values>, string>>;
}

/**
 * react-hook-form's TypeBox resolver run on the body the form would send, so the form refuses what the server
 * refuses; each error lands on its form field with the console's text.
 */
export function contractResolver<Values extends FieldValues, Body>({
  schema,
  toBody,
  fieldOf = {},
  messages = {},
  rules,
}: ContractRules<Values, Body>): Resolver<Values> {
  return async (values, context, options) => {
    // The checking code, TypeBox with it, is fetched with the first check: not part of a remote's first load.
    const { checkContract } = await import('./contract-check');
    return checkContract({ schema, toBody, fieldOf, messages, rules }, values, context, options);
  };
}

/** What the form would say of `values`, field by field (for rules tested without a form). */
export async function contractErrors<Values extends FieldValues, Body>(
  contract: ContractRules<Values, Body>,
  values: Values,
): Promise<Partial<Record<FieldName<Values>, string>>> {
  const options = { fields: {}, shouldUseNativeValidation: false } as unknown as Parameters<Resolver<Values>>[2];
  const { errors } = await contractResolver(contract)(values, undefined, options);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as FieldError).message]),
  ) as Partial<Record<FieldName<Values>, string>>;
}

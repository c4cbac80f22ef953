import { typeboxResolver } from '@hookform/resolvers/typebox';
import type { TObject } from '@sinclair/typebox';
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { registerContractFormats } from './contract-formats';
import type { ContractRules, FieldMessage, FieldName } from './contract-resolver';

/** react-hook-form's TypeBox resolver run on a request body. */
function checkBody(schema: object, body: unknown, context: unknown, options: Parameters<Resolver<FieldValues>>[2]) {
  registerContractFormats();
  const check = typeboxResolver(schema as TObject);
  type Checked = Parameters<typeof check>;
  // The body's paths are not the form's: no field refs or names of the form go with it.
  return check(
    body as Checked[0],
    context as Checked[1],
    { ...options, fields: {}, names: [] } as unknown as Checked[2],
  );
}

const firstMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as FieldError;
  if (typeof message === 'string') return message;
  for (const nested of Object.values(error)) {
    const found = firstMessage(nested);
    if (found !== undefined) return found;
  }
  return undefined;
};

function textFor(message: FieldMessage | undefined, value: unknown, fallback: string): string {
  if (message === undefined) return fallback;
  if (typeof message === 'string') return message;
  if (typeof value === 'string' && value.trim() === '') return message.empty;
  return typeof message.invalid === 'function' ? message.invalid(String(value ?? ''), fallback) : message.invalid;
}

/**
 * The form's values checked as the server checks the body they make; each error lands on its form field with
 * the console's text, then the rules across fields. Loaded with a form's first check (TypeBox comes with it).
 */
export async function checkContract<Values extends FieldValues, Body>(
  { schema, toBody, fieldOf = {}, messages = {}, rules }: ContractRules<Values, Body>,
  values: Values,
  context: unknown,
  options: ResolverOptions<Values>,
): Promise<ResolverResult<Values>> {
  const bodySchema = typeof schema === 'function' ? await schema() : schema;
  const checked = await checkBody(
    bodySchema,
    toBody(values),
    context,
    options as unknown as Parameters<Resolver<FieldValues>>[2],
  );
  const errors: Record<string, FieldError> = {};
  for (const [property, error] of Object.entries(checked.errors)) {
    const field = (fieldOf[property] ?? property) as FieldName<Values>;
    if (!(field in values)) continue;
    errors[field] = { type: 'contract', message: textFor(messages[field], values[field], firstMessage(error) ?? '') };
  }
  for (const [field, message] of Object.entries(rules?.(values) ?? {})) {
    if (!errors[field] && typeof message === 'string') errors[field] = { type: 'rule', message };
  }
  return Object.keys(errors).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: errors as FieldErrors<Values> };
}

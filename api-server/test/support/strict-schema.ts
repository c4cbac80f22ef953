import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { TEXT_KEYWORD } from 'shared-kit/contract';

/** The schema with every object closed (additionalProperties: false), so a field the schema lacks fails. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  return copy.type === 'object' ? { ...copy, additionalProperties: false } : copy;
}

/** Ajv in strict mode over the closed schema: an answer passes only with exactly the schema's fields and types. */
export function strictValidator(schema: TSchema): ValidateFunction {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: TEXT_KEYWORD, type: 'string', schemaType: 'boolean' });
  return ajv.compile(closed(schema) as object);
}

/** The contract's timestamp format (`Date#toISOString`). */
export const CONTRACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The paths of objects in `value` whose keys are not in the order of `schema`'s properties (what the response
 * serializer wrote): empty when every object of the answer lists its fields as the schema does.
 */
export function keysOutOfSchemaOrder(schema: TSchema, value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return schema.type === 'array'
      ? value.flatMap((item, index) => keysOutOfSchemaOrder(schema.items as TSchema, item, `${path}[${index}]`))
      : [];
  if (value === null || typeof value !== 'object' || schema.type !== 'object') return [];
  const properties = schema.properties as Record<string, TSchema>;
  const expected = Object.keys(properties).filter((key) => key in value);
  const own = expected.join() === Object.keys(value).join() ? [] : [path];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, item]) =>
      properties[key] ? keysOutOfSchemaOrder(properties[key], item, `${path}.${key}`) : [],
    ),
  ];
}

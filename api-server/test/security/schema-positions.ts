// Reads a route's request schemas (JSON Schema from the contract) to find every position a value can take,
// and builds a value that passes validation, so a hostile value placed at one position is the only fault.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  [keyword: string]: unknown;
}

export type Path = (string | number)[];
export interface Position {
  path: Path;
  schema: JsonSchema;
}

const branches = (schema: JsonSchema): JsonSchema[] => [...(schema.anyOf ?? []), ...(schema.allOf ?? [])];

/** Every leaf position (string, number, boolean ...) of a schema, and the schema found there. */
export function leafPositions(schema: JsonSchema | undefined, path: Path = []): Position[] {
  if (!schema) return [];
  if (schema.anyOf || schema.allOf) return branches(schema).flatMap((branch) => leafPositions(branch, path));
  if (schema.type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => leafPositions(child, [...path, key]));
  }
  if (schema.type === 'array' && schema.items) return leafPositions(schema.items, [...path, 0]);
  return [{ path, schema }];
}

/** The string positions only, one per path (a union of string and null counts once). */
export function stringPositions(schema: JsonSchema | undefined): Position[] {
  const seen = new Set<string>();
  return leafPositions(schema).filter(({ path, schema: leaf }) => {
    if (leaf.type !== 'string' || leaf.const !== undefined || leaf.enum) return false;
    const key = path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const STRING_SAMPLES = [
  'probe',
  '1.0',
  'probe@example.com',
  'a'.repeat(64),
  '2026-01-01T00:00:00.000Z',
  '00000000-0000-4000-8000-000000000000',
];

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'probe@example.com';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  const fits = (text: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text)) &&
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity);
  return STRING_SAMPLES.find(fits) ?? 'probe';
}

/** A value that the schema accepts: required fields only, the smallest valid numbers and arrays. */
export function validSample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return validSample(schema.anyOf[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => validSample(part)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validSample(schema.items));
    default: {
      const properties = schema.properties ?? {};
      return Object.fromEntries((schema.required ?? []).map((key) => [key, validSample(properties[key])]));
    }
  }
}

/** The schema of `key` inside `schema` (an object's property, an array's items), looking into unions. */
function childSchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.anyOf || schema.allOf)
    return branches(schema)
      .map((branch) => childSchema(branch, key))
      .find(Boolean);
  return typeof key === 'number' ? schema.items : schema.properties?.[key];
}

/**
 * A copy of `base` with `value` at `path`, creating the objects and arrays on the way; with the schema, a created
 * array item or object gets its other required fields, so only the value placed is wrong.
 */
export function placeAt(base: unknown, path: Path, value: unknown, schema?: JsonSchema): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> = Array.isArray(base)
    ? [...base]
    : typeof base === 'object' && base !== null
      ? { ...base }
      : typeof head === 'number'
        ? []
        : {};
  const child = childSchema(schema, head);
  const current = container[head] === undefined && child && rest.length > 0 ? validSample(child) : container[head];
  container[head] = placeAt(current, rest, value, child);
  return container;
}

// The canonical encoding every signed document shares (docs/licence-file.md, docs/client-api.md): a context line
// naming the format, then one `name=value` line per signed member in its documented order, each ended by LF, as
// UTF-8. An array of objects writes `name=<count>`, then `name.<i>.<member>=value` for each item and member.
export type FieldKind = 'text' | 'integer' | 'boolean' | { readonly items: SignedFields };
export type SignedFields = readonly (readonly [name: string, kind: FieldKind])[];

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Why a member cannot be signed (the server never signs such a value, so a verifier refuses it), or undefined. */
export function fieldProblem(name: string, kind: FieldKind, value: unknown): string | undefined {
  if (kind === 'integer') return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? undefined : `${name} must be a whole number`;
  if (kind === 'boolean') return typeof value === 'boolean' ? undefined : `${name} must be true or false`;
  if (kind === 'text') {
    if (typeof value !== 'string') return `${name} must be a text`;
    return CONTROL_CHARACTER.test(value) ? `${name} contains a control character` : undefined;
  }
  if (!Array.isArray(value)) return `${name} must be a list`;
  for (const [index, item] of value.entries()) {
    if (!isObject(item)) return `${name}.${index} must be an object`;
    for (const [member, memberKind] of kind.items) {
      const problem = fieldProblem(`${name}.${index}.${member}`, memberKind, item[member]);
      if (problem) return problem;
    }
  }
  return undefined;
}

function appendLines(lines: string[], name: string, kind: FieldKind, value: unknown) {
  if (typeof kind === 'object') {
    const items = value as Record<string, unknown>[];
    lines.push(`${name}=${items.length}`);
    items.forEach((item, index) => {
      for (const [member, memberKind] of kind.items) appendLines(lines, `${name}.${index}.${member}`, memberKind, item[member]);
    });
  } else {
    lines.push(`${name}=${String(value)}`);
  }
}

/** The signed bytes of `document`; throws a TypeError for a value the encoding cannot carry. */
export function canonicalBytes(context: string, fields: SignedFields, document: Readonly<Record<string, unknown>>): Buffer {
  const lines = [context];
  for (const [name, kind] of fields) {
    const problem = fieldProblem(name, kind, document[name]);
    if (problem) throw new TypeError(problem);
    appendLines(lines, name, kind, document[name]);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** Only the signed members (and, in lists, only the signed item members): nothing unsigned is ever trusted. */
export function signedPart(fields: SignedFields, document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(([name, kind]) => [name, typeof kind === 'object' ? (document[name] as Record<string, unknown>[]).map((item) => signedPart(kind.items, item)) : document[name]]),
  );
}

// The canonical encoding every signed document shares (docs/licence-file.md, docs/client-api.md): a context line
// naming the format, then one `name=value` line per signed member in its documented order, each ended by LF, as
// UTF-8. An array of objects writes `name=<count>`, then `name.<i>.<member>=value` for each item and member. A
// nullable text writes null as an empty value (`name=`), so it never holds an empty text: that would read the same.
// Change it only together with those documents and their vectors (docs/licence-file-vectors, docs/client-api-vectors).
export type FieldKind = 'text' | 'nullable-text' | 'integer' | 'boolean' | { readonly items: SignedFields };
export type SignedFields = readonly (readonly [name: string, kind: FieldKind])[];

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** No signed text holds a control character (U+0000–U+001F, U+007F): a line break would forge a member. */
export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/** A value the encoding cannot carry: the server never signs it. */
export class UnsignableValueError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsignableValueError';
  }
}

/** How a member fails its kind: what it must be, or that it holds a control character. */
interface Misfit {
  member: string;
  mustBe?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function misfitOf(name: string, kind: FieldKind, value: unknown): Misfit | undefined {
  if (kind === 'integer')
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? undefined
      : { member: name, mustBe: 'a whole number' };
  if (kind === 'boolean') return typeof value === 'boolean' ? undefined : { member: name, mustBe: 'true or false' };
  if (kind === 'nullable-text') {
    if (value === null) return undefined;
    if (typeof value !== 'string' || value === '') return { member: name, mustBe: 'a text that is not empty, or null' };
    return hasControlCharacter(value) ? { member: name } : undefined;
  }
  if (kind === 'text') {
    if (typeof value !== 'string') return { member: name, mustBe: 'a text' };
    return hasControlCharacter(value) ? { member: name } : undefined;
  }
  if (!Array.isArray(value)) return { member: name, mustBe: 'a list' };
  for (const [index, item] of value.entries()) {
    if (!isObject(item)) return { member: `${name}.${index}`, mustBe: 'an object' };
    for (const [member, memberKind] of kind.items) {
      const misfit = misfitOf(`${name}.${index}.${member}`, memberKind, item[member]);
      if (misfit) return misfit;
    }
  }
  return undefined;
}

/** Why a member of a received document is not what was signed (a verifier refuses it), or undefined. */
export function fieldProblem(name: string, kind: FieldKind, value: unknown): string | undefined {
  const misfit = misfitOf(name, kind, value);
  if (!misfit) return undefined;
  return misfit.mustBe ? `${misfit.member} must be ${misfit.mustBe}` : `${misfit.member} contains a control character`;
}

/** Why a value cannot be signed (the server's answer names it), or undefined. */
function unsignable(name: string, kind: FieldKind, value: unknown): string | undefined {
  const misfit = misfitOf(name, kind, value);
  if (!misfit) return undefined;
  return misfit.mustBe
    ? `${misfit.member} must be ${misfit.mustBe}`
    : `${misfit.member} must not contain line breaks or other control characters`;
}

function appendLines(lines: string[], name: string, kind: FieldKind, value: unknown) {
  if (typeof kind === 'object') {
    const items = value as Record<string, unknown>[];
    lines.push(`${name}=${items.length}`);
    items.forEach((item, index) => {
      for (const [member, memberKind] of kind.items)
        appendLines(lines, `${name}.${index}.${member}`, memberKind, item[member]);
    });
  } else {
    lines.push(`${name}=${value === null ? '' : String(value)}`);
  }
}

/** The signed bytes of `document`; throws an UnsignableValueError for a value the encoding cannot carry. */
export function canonicalBytes(
  context: string,
  fields: SignedFields,
  document: Readonly<Record<string, unknown>>,
): Buffer {
  const lines = [context];
  for (const [name, kind] of fields) {
    const problem = unsignable(name, kind, document[name]);
    if (problem) throw new UnsignableValueError(problem);
    appendLines(lines, name, kind, document[name]);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** Only the signed members (and, in lists, only the signed item members): nothing unsigned is ever trusted. */
export function signedPart(fields: SignedFields, document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(([name, kind]) => [
      name,
      typeof kind === 'object'
        ? (document[name] as Record<string, unknown>[]).map((item) => signedPart(kind.items, item))
        : document[name],
    ]),
  );
}

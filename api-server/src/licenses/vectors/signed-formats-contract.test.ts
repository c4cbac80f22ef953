/** @jest-environment node */
import {
  BUILD_OSES,
  DISABLE_REASONS,
  LICENSE_FILE_FORMAT_VERSION,
  LICENSE_TYPES,
  SIGNATURE_SEED_VERSIONS,
  LicenseFile,
  RevocationsDocument,
  StateDocument,
  TrialFile,
  UpdateDocument,
} from 'shared-kit/contract';
import {
  DOCUMENTED_CLIENT_OSES,
  DOCUMENTED_DISABLE_REASONS,
  DOCUMENTED_LICENSE_TYPES,
  DOCUMENTED_SIGNATURE_SEED_VERSIONS,
  FORMAT_VERSION,
  LICENSE_FILE_FORMAT,
  REVOCATION_LIST_FORMAT,
  STATE_DOCUMENT_FORMAT,
  TRIAL_FILE_FORMAT,
  UPDATE_ANSWER_FORMAT,
  type DocumentFormat,
  type SignedFields,
} from 'signed-formats';

// The server answers each signed document through a response schema of the contract: the schema must carry
// exactly the signed members, each of its kind, or an answer would drop or add what the signature covers.

interface SchemaNode {
  type?: string;
  const?: unknown;
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

type Kinds = { [name: string]: string | Kinds };

function kindOf(schema: SchemaNode): string | Kinds {
  if (schema.anyOf) {
    const kinds = new Set(schema.anyOf.map(kindOf));
    if (kinds.size !== 1) throw new Error(`a union of ${[...kinds].join(', ')}`);
    return [...kinds][0];
  }
  if (schema.type === 'array') return kindsOf(schema.items!);
  if (schema.type === 'string') return 'text';
  if (schema.type === 'number' && Number.isInteger(schema.const)) return 'integer';
  return schema.type!;
}

const kindsOf = (schema: SchemaNode, leaveOut: string[] = []): Kinds =>
  Object.fromEntries(
    Object.entries(schema.properties!).flatMap(([name, member]) =>
      leaveOut.includes(name) ? [] : [[name, kindOf(member)]],
    ),
  );

const kindsOfFields = (fields: SignedFields): Kinds =>
  Object.fromEntries(fields.map(([name, kind]) => [name, typeof kind === 'object' ? kindsOfFields(kind.items) : kind]));

describe('the contract answers the signed formats as signed-formats defines them', () => {
  it.each<[string, SchemaNode, DocumentFormat, string[]]>([
    ['licence file', LicenseFile, LICENSE_FILE_FORMAT, ['signature']],
    ['trial file', TrialFile, TRIAL_FILE_FORMAT, ['format', 'format_version', 'signature']],
    ['state document', StateDocument, STATE_DOCUMENT_FORMAT, ['format', 'format_version', 'signature']],
    ['revocation list', RevocationsDocument, REVOCATION_LIST_FORMAT, ['format', 'format_version', 'signature']],
    ['update answer', UpdateDocument, UPDATE_ANSWER_FORMAT, ['format', 'format_version', 'signature']],
  ])('%s: the same members, each of the same kind', (_name, schema, format, envelope) => {
    expect(Object.keys(schema.properties!)).toEqual(expect.arrayContaining(envelope));
    expect(kindsOf(schema, envelope)).toEqual(kindsOfFields(format.fields));
  });

  it('lists the values the formats document, as the server knows them', () => {
    expect(LICENSE_FILE_FORMAT_VERSION).toBe(FORMAT_VERSION);
    expect(DOCUMENTED_LICENSE_TYPES).toEqual(LICENSE_TYPES);
    expect(DOCUMENTED_SIGNATURE_SEED_VERSIONS).toEqual(SIGNATURE_SEED_VERSIONS);
    expect(DOCUMENTED_DISABLE_REASONS).toEqual(DISABLE_REASONS);
    expect(DOCUMENTED_CLIENT_OSES).toEqual(BUILD_OSES.filter((os) => os !== 'any'));
  });
});

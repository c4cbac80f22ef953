/** @jest-environment node */
import { readFileSync } from 'node:fs';
import * as signedFormats from '../src/index';
import { publicApiReport, REPORT_PATH } from './api-report.cjs';

// The checked-in report is the public API under review: a change of a field list, of the encoding's or the
// verifiers' signatures or of a document type fails here until api-report.md is rewritten and committed with it.
describe('signed-formats/api-report.md', () => {
  const current: string = publicApiReport();

  it('is the public API of src/index.ts as it is now', () => {
    const checkedIn = readFileSync(REPORT_PATH, 'utf8');
    if (checkedIn !== current) {
      throw new Error(
        'signed-formats/api-report.md differs from the public API of signed-formats/src/index.ts. If the change is meant, ' +
          'run `npm run api-report -w signed-formats` and commit api-report.md with it, so the format change is reviewed.',
      );
    }
  });

  it('declares every value the package exports, with the field lists of every format', () => {
    for (const name of Object.keys(signedFormats))
      expect(current).toMatch(new RegExp(`^export declare (const|function|class) ${name}\\b`, 'm'));
    const listed = (fields: signedFormats.SignedFields): string[] =>
      fields.flatMap(([name, kind]) =>
        typeof kind === 'object' ? [`"${name}",`, ...listed(kind.items)] : [`readonly ["${name}", "${kind}"]`],
      );
    for (const format of [signedFormats.LICENSE_FILE_FORMAT, ...signedFormats.CLIENT_API_FORMATS]) {
      expect(current).toContain(`readonly context: "${format.context}";`);
      for (const line of listed(format.fields)) expect(current).toContain(line);
    }
  });
});

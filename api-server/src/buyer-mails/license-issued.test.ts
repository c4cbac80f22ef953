/** @jest-environment node */
import { mailBrandOf } from '../email/brand';
import { outboxRowOf } from '../email/send-templated-email';
import { buyerMailContextOf, type MailedLicense } from './buyer-mail-target';
import { licenseIssuedMail, licenseIssuedOutboxRow, type IssuedBy } from './license-issued';

const brandRow = {
  name: 'Aurora & "Sons" <Audio>',
  email: 'support@aurora.example',
  sender_name: null,
  reply_to: null,
  logo_url: null,
  brand_color: null,
};

/** The row as rendered afresh, every time: what the kept render must equal byte for byte. */
function renderedAfresh(
  licenses: MailedLicense[],
  brand = mailBrandOf(brandRow),
  enabled = true,
  by: IssuedBy = 'license_issued',
) {
  const context = buyerMailContextOf('https://hub.example', brand, { portal_slug: 'aurora', portal_enabled: enabled });
  return outboxRowOf(
    { manufacturerId: 7, to: 'ann@example.com', transactional: true, ...licenseIssuedMail(licenses, context, by) },
    brand,
  );
}

function kept(
  licenses: MailedLicense[],
  brand = mailBrandOf(brandRow),
  enabled = true,
  by: IssuedBy = 'license_issued',
) {
  const context = buyerMailContextOf('https://hub.example', brand, { portal_slug: 'aurora', portal_enabled: enabled });
  return licenseIssuedOutboxRow(7, 'ann@example.com', licenses, context, by);
}

describe('licenseIssuedOutboxRow', () => {
  it('answers byte for byte the mail rendered afresh, for serial after serial of one render', () => {
    for (const serial of ['ABCDE-FGHJK-MNPQR-STUVW', 'Q0000-QQQQQ-QQQQQ-QQQQQ', 'W0000-22222-33333-44444']) {
      const licenses = [{ productName: 'Alpha Synth', serial }];
      const row = kept(licenses);
      expect(row).toEqual(renderedAfresh(licenses));
      expect(row.html).toContain(serial);
      expect(row.text).toContain(serial);
    }
  });

  it('does so for several licences, without a portal, with a logo, reply-to and by staff', () => {
    const licenses = [
      { productName: 'Alpha Synth', serial: 'AAAAA-BBBBB-CCCCC-DDDDD' },
      { productName: 'Beta <Drums> & Co', serial: 'EEEEE-FFFFF-GGGGG-HHHHH' },
      { productName: 'Alpha Synth', serial: 'JJJJJ-KKKKK-MMMMM-NNNNN' },
    ];
    const brand = mailBrandOf({
      ...brandRow,
      logo_url: 'https://cdn.example/logo.png',
      reply_to: 'help@aurora.example',
      brand_color: '#aa0011',
    });
    expect(kept(licenses, brand, false, 'license_issued_by_staff')).toEqual(
      renderedAfresh(licenses, brand, false, 'license_issued_by_staff'),
    );
    expect(kept(licenses.slice(1), brand)).toEqual(renderedAfresh(licenses.slice(1), brand));
  });

  it('renders afresh what the kept render cannot stand for: a serial of other signs, a stand-in in the brand', () => {
    const odd = [{ productName: 'Alpha Synth', serial: 'serial & <co>' }];
    expect(kept(odd)).toEqual(renderedAfresh(odd));
    const brand = mailBrandOf({ ...brandRow, name: 'Q000QQQQQQQQQQQQQQQQQQQ' });
    const licenses = [{ productName: 'Alpha Synth', serial: 'ABCDE-FGHJK-MNPQR-STUVW' }];
    expect(kept(licenses, brand)).toEqual(renderedAfresh(licenses, brand));
    expect(kept(licenses, brand).html).toContain('Q000QQQQQQQQQQQQQQQQQQQ');
  });
});

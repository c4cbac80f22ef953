/** @jest-environment node */
import { newLicenseSerial } from './serial';

describe('newLicenseSerial', () => {
  it('reads as four groups of five unambiguous symbols', () => {
    expect(newLicenseSerial()).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
  });
  it('does not repeat', () => {
    const serials = new Set(Array.from({ length: 5000 }, newLicenseSerial));
    expect(serials.size).toBe(5000);
  });
});

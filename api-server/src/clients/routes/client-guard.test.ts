import { clientLimits } from './client-guard';

const addressBucket = (ip: string) => clientLimits(ip)[0].bucket;

describe('client limits by address', () => {
  it('count an IPv6 address by its /64, as sign-in does: one subscriber holds a whole /64', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe('client:address:2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(addressBucket('2001:db8:1:2::1'));
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
  });

  it('count an IPv4 address, IPv4-mapped or not, as itself', () => {
    expect(addressBucket('198.51.100.7')).toBe('client:address:198.51.100.7');
    expect(addressBucket('::ffff:198.51.100.7')).toBe('client:address:198.51.100.7');
    expect(addressBucket('198.51.100.8')).not.toBe(addressBucket('198.51.100.7'));
  });
});

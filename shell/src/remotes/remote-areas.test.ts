import { REMOTE_NAMES } from 'shared-kit';
import { areaOfPath, REMOTE_AREAS } from './remote-areas';

describe('areaOfPath', () => {
  it('finds the remote that renders a path', () => {
    expect(areaOfPath('MyProducts')?.remote).toBe('catalog');
    expect(areaOfPath('UpdateRelease/4/9')?.remote).toBe('catalog');
    expect(areaOfPath('ProductLicenses/1/Reverb/none')?.remote).toBe('licensing');
    expect(areaOfPath('EditUser/3/a@b.c')?.remote).toBe('users');
    expect(areaOfPath('MyDetails')?.remote).toBe('manufacturers');
    expect(areaOfPath('Nowhere')).toBeUndefined();
  });

  it('gives every segment to exactly one remote', () => {
    const segments = REMOTE_AREAS.flatMap((area) => area.segments);
    expect(new Set(segments).size).toBe(segments.length);
  });

  it('has every remote’s own declaration, with a title and roles the console knows', () => {
    expect(REMOTE_AREAS.map((area) => area.remote)).toEqual(REMOTE_NAMES);
    for (const area of REMOTE_AREAS) {
      expect(area.title).not.toBe('');
      const roles = area.segments.flatMap(area.accessOf);
      expect(roles.length > 0 && roles.every((role) => role === 'superuser' || role === 'manufacturer')).toBe(true);
    }
  });
});

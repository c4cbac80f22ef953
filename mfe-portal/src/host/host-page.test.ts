import { portalOfPath } from './host-page';

describe('the standalone page', () => {
  it('takes the portal from the address: its slug and the base path its pages live under', () => {
    expect(portalOfPath('/portal/aurora-audio/')).toEqual({ basePath: '/portal/aurora-audio', slug: 'aurora-audio' });
    expect(portalOfPath('/portal/aurora-audio/sign-in')).toEqual({
      basePath: '/portal/aurora-audio',
      slug: 'aurora-audio',
    });
    expect(portalOfPath('/portal/')).toBeNull();
  });
});

import { createPortalSessionStore, portalSessionKey } from './session-store';
import { customerSession } from '../test-support/fixtures';

describe('the portal session store', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the session per portal under its own key, never the staff one', () => {
    const store = createPortalSessionStore(sessionStorage, 'aurora-audio');
    store.signIn(customerSession);
    expect(JSON.parse(sessionStorage.getItem(portalSessionKey('aurora-audio'))!)).toEqual(customerSession);
    expect(sessionStorage.getItem('producthub_auth')).toBeNull();
    expect(createPortalSessionStore(sessionStorage, 'aurora-audio').token()).toBe(customerSession.token);
    expect(createPortalSessionStore(sessionStorage, 'nimbus').token()).toBeUndefined();
  });

  it('forgets the session on sign-out and when the server ends it, saying which', () => {
    const store = createPortalSessionStore(sessionStorage, 'aurora-audio');
    const listener = jest.fn();
    store.subscribe(listener);
    store.signIn(customerSession);
    store.end();
    expect(store.snapshot()).toEqual({ session: null, reason: 'ended' });
    expect(sessionStorage.length).toBe(0);
    store.signIn(customerSession);
    store.signOut();
    expect(store.snapshot()).toEqual({ session: null, reason: 'signed-out' });
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('reads a damaged stored value as no session', () => {
    sessionStorage.setItem(portalSessionKey('aurora-audio'), '{not json');
    expect(createPortalSessionStore(sessionStorage, 'aurora-audio').snapshot().session).toBeNull();
  });
});

import { STAFF_INVITE_PATH } from 'shared-kit/contract';
import { JOIN_PATH, inviteTokenOf } from './invite-link';

describe('the invite link', () => {
  it('is the page the invite mail links to', () => {
    expect(JOIN_PATH).toBe(STAFF_INVITE_PATH);
  });

  it('reads the token after #token=, and nothing from an address without one', () => {
    expect(inviteTokenOf('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(inviteTokenOf('#token=')).toBeNull();
    expect(inviteTokenOf('')).toBeNull();
    expect(inviteTokenOf('#other=1')).toBeNull();
  });
});

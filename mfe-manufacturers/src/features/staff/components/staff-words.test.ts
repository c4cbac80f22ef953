import { formatDateTime, type StaffInvite } from 'shared-kit';
import { inviteSent, inviteWords, twoFactorWords } from './staff-words';

const invite: StaffInvite = {
  id: 1,
  email: 'rita@aurora-audio.example',
  role: 'viewer',
  invited_at: '2026-01-01T10:00:00.000Z',
  expires_at: '2026-01-08T10:00:00.000Z',
};

describe("the staff table's words", () => {
  it('marks an open invite with its expiry, and a lapsed one as expired', () => {
    const expiry = formatDateTime(invite.expires_at);
    expect(inviteWords(invite, Date.parse('2026-01-08T09:59:59.000Z'))).toBe(`Invited, expires ${expiry}`);
    expect(inviteWords(invite, Date.parse('2026-01-08T10:00:00.000Z'))).toBe(`Invite expired ${expiry}`);
  });

  it('names the second factors, or Off for the password alone', () => {
    const member = { id: 1, email: 'a@b.example', role: 'owner', status: 'active', last_signed_in_at: null } as const;
    expect(twoFactorWords({ ...member, two_factor: [] })).toBe('Off');
    expect(twoFactorWords({ ...member, two_factor: ['passkey'] })).toBe('Passkey');
  });

  it('says where the invite went and how long its link works', () => {
    expect(inviteSent('rita@aurora-audio.example')).toBe(
      'Invite sent to rita@aurora-audio.example; the link works for 7 days.',
    );
  });
});

import { actionInWords, eventInWords } from './action-words';

describe('actionInWords', () => {
  it.each([
    ['license.transfer', 'License transferred'],
    ['channel_membership.add', 'Channel membership added'],
    ['release.undistribute', 'Release withdrawn'],
    ['license.renew', 'License renewed'],
    ['client.license.activate', 'Client license activated'],
    // A floating licence's and a policy's History (docs/licensing.md): the action in words, never a code.
    ['client.seat.check_out', 'Client seat checked out'],
    ['client.seat.borrow', 'Client seat borrowed'],
    ['client.seat.check_in', 'Client seat checked in'],
    ['license_lease.release', 'License lease released'],
    ['license_policy.apply', 'License policy applied'],
    ['product.rename', 'Product rename'],
    ['import', 'Import'],
    ['end_user.portal_sign_in', 'Signed in to the portal'],
    ['end_user.portal_sign_in_link_sent', 'Portal sign-in link sent'],
  ])('%s reads "%s"', (action, words) => expect(actionInWords(action)).toBe(words));
});

describe('eventInWords', () => {
  const change = (field: string, after: unknown, summary: string) => ({ field, after, summary });

  it('tells a portal sign-in in one sentence naming how the customer signed in', () => {
    expect(
      eventInWords({ action: 'end_user.portal_sign_in', changes: [change('method', 'code', 'Method: none → code')] }),
    ).toEqual({
      action: 'Signed in to the portal with the code from a sign-in mail',
      changes: [],
    });
    expect(
      eventInWords({ action: 'end_user.portal_sign_in', changes: [change('method', 'link', 'Method: none → link')] })
        .action,
    ).toBe('Signed in to the portal with the link in a sign-in mail');
    expect(eventInWords({ action: 'end_user.portal_sign_in', changes: [] }).action).toBe('Signed in to the portal');
  });

  it('names where a sign-in link sent by staff went', () => {
    expect(
      eventInWords({
        action: 'end_user.portal_sign_in_link_sent',
        changes: [change('sent_to', 'ada@listener.example', 'Sent to: none → ada@listener.example')],
      }),
    ).toEqual({
      action: 'Portal sign-in link sent to ada@listener.example',
      changes: [],
    });
  });

  it('keeps the field-by-field changes of every other event', () => {
    expect(
      eventInWords({
        action: 'license.update',
        changes: [change('disabled', true, 'Deactivated: no → yes (reason CancelledOrder)')],
      }),
    ).toEqual({
      action: 'License updated',
      changes: ['Deactivated: no → yes (reason CancelledOrder)'],
    });
  });
});

describe('eventInWords of an edition upgrade', () => {
  it('says which edition the licence left and which it has now', () => {
    const changes = [
      { field: 'edition', after: 'Pro', summary: 'Edition: none → Pro' },
      { field: 'previous_edition', after: 'Standard', summary: 'Previous edition: none → Standard' },
    ];
    expect(eventInWords({ action: 'license.edition_change', changes })).toEqual({
      action: 'Edition changed from Standard to Pro',
      changes: [],
    });
    expect(eventInWords({ action: 'license.edition_change', changes: [changes[0]!] }).action).toBe(
      'Edition changed from none to Pro',
    );
  });
});

import { actionInWords } from './action-words';

describe('actionInWords', () => {
  it.each([
    ['license.transfer', 'License transferred'],
    ['channel_membership.add', 'Channel membership added'],
    ['release.undistribute', 'Release withdrawn'],
    ['client.license.activate', 'Client license activated'],
    ['product.rename', 'Product rename'],
    ['import', 'Import'],
    ['end_user.portal_sign_in', 'Signed in to the portal'],
    ['end_user.portal_sign_in_link_sent', 'Portal sign-in link sent'],
  ])('%s reads "%s"', (action, words) => expect(actionInWords(action)).toBe(words));
});

import { actionInWords } from './action-words';

describe('actionInWords', () => {
  it.each([
    ['license.transfer', 'License transferred'],
    ['channel_membership.add', 'Channel membership added'],
    ['release.undistribute', 'Release withdrawn'],
    ['client.license.activate', 'Client license activated'],
    ['product.rename', 'Product rename'],
    ['import', 'Import'],
  ])('%s reads "%s"', (action, words) => expect(actionInWords(action)).toBe(words));
});

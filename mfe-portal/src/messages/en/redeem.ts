// Redeem a serial (a reseller's serial becomes my licence) in English. Loaded with the page.
export const redeem = {
  'redeem.title': 'Redeem a serial',
  'redeem.intro':
    'Bought a serial from a shop or a reseller? Enter it here: it becomes your license, listed under My licenses.',
  'redeem.form': 'Redeem a serial',
  'redeem.serial': 'Serial',
  'redeem.submit': 'Redeem',
  'redeem.empty': 'Enter the serial, as printed: XXXXX-XXXXX-XXXXX-XXXXX.',
  'redeem.failed': 'The serial could not be redeemed. Please try again.',
  'redeem.done': '{product} ({type}) is now yours, with the serial {serial}.',
  'redeem.toLicenses': 'Go to my licenses',
  'redeem.another': 'Redeem another serial',
};

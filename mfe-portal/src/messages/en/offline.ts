// Offline activation in English. Loaded with the page.
export const offline = {
  'offline.title': 'Offline activation',
  'offline.intro':
    'For a computer that is never online: let the plugin write an activation request file there, bring it here, and take the license file you get back to that computer.',
  'offline.file': 'Activation request file',
  'offline.forLicense': 'This request is for {product}, serial {serial}.',
  'offline.notARequest': 'This file is not an activation request. Choose the file the plugin wrote, unchanged.',
  'offline.chooseFirst': 'Choose the activation request file first.',
  'offline.noSuchLicense':
    'None of your licenses has the serial {serial} for this product. Sign in with the email address of the license it names.',
  'offline.upload': 'Upload and get the license file',
  'offline.uploading': 'Activating…',
  'offline.failed': 'The activation did not work. Please try again.',
  'offline.saved': 'Saved {file}. Copy it to the offline computer and install it in the plugin.',
};

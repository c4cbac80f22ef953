// Downloads in English. Loaded with the page.
export const downloads = {
  'downloads.title': 'Downloads',
  'downloads.intro':
    'The installers your licenses entitle you to, newest first. Each link works for an hour: open this page again for a new one.',
  'downloads.loading': 'Loading your downloads…',
  'downloads.failed': 'Your downloads could not be loaded.',
  'downloads.empty': 'There is nothing to download for your licenses yet.',
  'downloads.os': 'For {os}',
  'downloads.anyOs': 'For every system',
  'downloads.channel': 'Channel',
  'downloads.released': 'Released',
  'downloads.size': 'Size',
  'downloads.megabytes': '{size} MB',
  'downloads.download': 'Download {name}',
};

// My trials in English. Loaded with the page.
export const trials = {
  'trials.title': 'My trials',
  'trials.loading': 'Loading your trials…',
  'trials.empty': 'No trials run on your machines.',
  'trials.failed': 'Your trials could not be loaded.',
  'trial.machine': 'Machine',
  'trial.started': 'Started',
  'trial.ends': 'Ends',
  'trial.noEnd': 'No fixed end',
  'trial.running': 'Running',
  'trial.ended': 'Ended',
};

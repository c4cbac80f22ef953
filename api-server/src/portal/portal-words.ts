import { CLIENT_DEACTIVATIONS_MAX, DEACTIVATION_WINDOW_DAYS } from '../licenses/activation/deactivate-machine';

// What a customer reads about what they do in the portal: plain words, one place.

const inWords = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';

export const DEACTIVATION_CAP_REACHED_UNTIL = (nextPossibleAt: Date) =>
  `This license already freed ${CLIENT_DEACTIVATIONS_MAX} machines in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed. The next machine can be freed on ${inWords(nextPossibleAt)}, or the manufacturer's support can free it now.`;

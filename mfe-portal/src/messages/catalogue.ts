import { en, type MessageId, type Messages } from './en';

// The languages and t(), free of React (the standalone page's script uses them too).

/** The portal's languages: one catalogue each. */
const CATALOGUES = { en } satisfies Record<string, Messages>;
export type Locale = keyof typeof CATALOGUES;
export const DEFAULT_LOCALE: Locale = 'en';

export type MessageValues = Record<string, string | number>;

/** The text of `id` in `messages` with its `{name}` placeholders filled in from `values`. */
export function translate(messages: Messages, id: MessageId, values: MessageValues = {}): string {
  return messages[id].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

export interface MessagesApi {
  locale: Locale;
  t: (id: MessageId, values?: MessageValues) => string;
  /** A timestamp of the API as this language writes a date and time. */
  formatDateTime: (timestamp: string) => string;
}

/** The texts of a language. */
export function messagesOf(locale: Locale = DEFAULT_LOCALE): MessagesApi {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    locale,
    t: (id, values) => translate(CATALOGUES[locale], id, values),
    formatDateTime: (timestamp) => dateTime.format(new Date(timestamp)),
  };
}

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in CATALOGUES;
export type { MessageId, Messages };

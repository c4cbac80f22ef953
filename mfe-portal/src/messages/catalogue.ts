import { en } from './en';

// The languages, their texts as fetched so far, and t(); free of React.

type English = typeof en;
/** The pages whose texts come with the page, not with the first load. */
export type PageTexts = keyof English['pages'];
type PageTextsOf<Page extends PageTexts> = Awaited<ReturnType<English['pages'][Page]>>;
export type MessageId = keyof English['firstLoad'] | { [Page in PageTexts]: keyof PageTextsOf<Page> }[PageTexts];
/** A language's catalogue: a text for every id of the English one, in the same parts. */
export interface Catalogue {
  firstLoad: Record<keyof English['firstLoad'], string>;
  pages: { [Page in PageTexts]: () => Promise<Record<keyof PageTextsOf<Page>, string>> };
}
export type Messages = Partial<Record<MessageId, string>>;

/** The portal's languages: one catalogue each. */
const CATALOGUES = { en } satisfies Record<string, Catalogue>;
export type Locale = keyof typeof CATALOGUES;
// The standalone page's script (src/host) takes its one text from this language's standalone-page.ts.
export const DEFAULT_LOCALE: Locale = 'en';

export type MessageValues = Record<string, string | number>;

/** The text of `id` in `messages` with its `{name}` placeholders filled in from `values` (the id while its page's texts are not there). */
export function translate(messages: Messages, id: MessageId, values: MessageValues = {}): string {
  return (messages[id] ?? id).replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** Each language in use: its texts so far, the first load's and those of the pages fetched since. */
const loaded = new Map<Locale, Messages>();
const fetchedPages = new Set<PageTexts>();

const fetchPageTexts = (locale: Locale, page: PageTexts) =>
  CATALOGUES[locale].pages[page]().then((texts) => {
    Object.assign(loaded.get(locale)!, texts);
  });

function textsOf(locale: Locale): Messages {
  let texts = loaded.get(locale);
  if (!texts) {
    loaded.set(locale, (texts = { ...CATALOGUES[locale].firstLoad }));
    // A second language on the same page (two portals): the pages whose code is already here will not call
    // withPageTexts again, so their texts in this language are fetched now (shown as ids until they arrive).
    for (const page of fetchedPages) void fetchPageTexts(locale, page);
  }
  return texts;
}

/**
 * `loading` (a page's code, src/remote.ts), settled once the page's texts are there too, in every language in use:
 * one, unless one page holds portals of two languages. Both are fetched at once.
 */
export function withPageTexts<Loaded>(page: PageTexts, loading: Promise<Loaded>): Promise<Loaded> {
  if (!loaded.size) textsOf(DEFAULT_LOCALE);
  fetchedPages.add(page);
  const texts = [...loaded.keys()].map((locale) => fetchPageTexts(locale, page));
  return Promise.all([loading, ...texts]).then(([code]) => code);
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
  const texts = textsOf(locale);
  return {
    locale,
    t: (id, values) => translate(texts, id, values),
    formatDateTime: (timestamp) => dateTime.format(new Date(timestamp)),
  };
}

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in CATALOGUES;

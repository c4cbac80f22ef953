import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LOCALE, messagesOf, type Locale, type MessagesApi } from './catalogue';

export { DEFAULT_LOCALE, type Locale, type MessagesApi } from './catalogue';

const MessagesContext = createContext<MessagesApi>(messagesOf(DEFAULT_LOCALE));

export function MessagesProvider({ locale = DEFAULT_LOCALE, children }: { locale?: Locale; children: ReactNode }) {
  const value = useMemo(() => messagesOf(locale), [locale]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}

/** The texts of the portal's language: `const { t } = useMessages(); t('signIn.title')`. */
export const useMessages = () => useContext(MessagesContext);

import { DateField, useLocaleState } from 'react-admin';

const BROWSER_LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB' };

/** The browser locale that writes dates the way the console's language does. */
export const browserLocaleOf = (locale: string): string => BROWSER_LOCALES[locale] ?? locale;

/** The event time in the console's language rather than the browser's. */
export const WhenField = (_props: { label?: string; sortBy?: string }) => {
  const [locale] = useLocaleState();
  return <DateField source="when" showTime locales={browserLocaleOf(locale)} />;
};

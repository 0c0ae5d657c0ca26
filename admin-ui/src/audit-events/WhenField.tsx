import { DateField, useLocaleState } from 'react-admin';

const BROWSER_LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB' };

/** The event time in the console's language rather than the browser's. */
export const WhenField = (_props: { label?: string; sortBy?: string }) => {
  const [locale] = useLocaleState();
  return <DateField source="when" showTime locales={BROWSER_LOCALES[locale] ?? locale} />;
};

import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { englishAppMessages } from './en';
import { spanishCoreMessages } from './es-ra';
import { spanishAppMessages } from './es';
import { frenchCoreMessages } from './fr-ra';
import { frenchAppMessages } from './fr';
import { germanMessagesAll } from './german';
import { LOCALES, createI18nProvider } from './i18nProvider';
import { storedLocale } from './locales';

const i18nProvider = createI18nProvider('de', germanMessagesAll);

type Tree = { readonly [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value] as const] : [...leaves(value, `${prefix}${key}.`)],
    ),
  );

const placeholders = (text: string): string => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort().join();
const pluralParts = (text: string): number => text.split('||||').length;

/** keys missing or surplus against German, and texts whose polyglot placeholders or plural parts differ */
const problems = (german: Tree, other: Tree): string[] => {
  const reference = leaves(german);
  const texts = leaves(other);
  return [
    ...[...reference.keys()].filter((key) => !texts.has(key)).map((key) => `missing: ${key}`),
    ...[...texts.keys()].filter((key) => !reference.has(key)).map((key) => `surplus: ${key}`),
    ...[...texts].flatMap(([key, text]) => {
      const original = reference.get(key);
      if (original === undefined) return [];
      return [
        ...(placeholders(original) === placeholders(text) ? [] : [`placeholders of ${key}`]),
        ...(pluralParts(original) === pluralParts(text) ? [] : [`plural parts of ${key}`]),
        ...(original.trim() !== '' && text.trim() === '' ? [`empty: ${key}`] : []),
      ];
    }),
  ];
};

const app: Record<string, Tree> = { en: englishAppMessages, es: spanishAppMessages, fr: frenchAppMessages };
const core: Record<string, Tree> = { es: spanishCoreMessages, fr: frenchCoreMessages };

describe('admin-ui messages', () => {
  it.each(Object.keys(app))('the %s texts of the console have exactly the German keys', (language) => {
    expect(problems(germanAppMessages, app[language])).toEqual([]);
    expect(problems(app[language], germanAppMessages)).toEqual([]);
  });

  it.each(Object.keys(core))('the %s react-admin core texts have exactly the German keys', (language) => {
    expect(problems(germanCoreMessages, core[language])).toEqual([]);
    expect(problems(core[language], germanCoreMessages)).toEqual([]);
  });

  it('the locale switcher offers German, English, Spanish and French, German first', () => {
    expect(LOCALES.map((entry) => entry.locale)).toEqual(['de', 'en', 'es', 'fr']);
    expect(i18nProvider.getLocales?.()).toEqual(LOCALES);
    expect(i18nProvider.getLocale()).toBe('de');
  });

  it('reads each language with its own texts, core keys included', async () => {
    const expectations: Array<[string, string, string]> = [
      ['es', 'cn.menu.members', 'Miembros'],
      ['es', 'ra.action.save', 'Guardar'],
      ['fr', 'cn.menu.members', 'Membres'],
      ['fr', 'ra.navigation.page_range_info', '1–10 sur 42'],
    ];
    for (const [language, key, text] of expectations) {
      await i18nProvider.changeLocale(language);
      expect(i18nProvider.translate(key, { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe(text);
    }
    await i18nProvider.changeLocale('de');
  });

  it('starts in the language chosen earlier (react-admin keeps it as RaStore.locale), German for anything else', () => {
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'RaStore.locale' ? value : null) });
    expect(storedLocale(storage('"fr"'))).toBe('fr');
    expect(storedLocale(storage('"en"'))).toBe('en');
    expect(storedLocale(storage(null))).toBe('de');
    expect(storedLocale(storage('"xx"'))).toBe('de');
    expect(storedLocale(storage('{not json'))).toBe('de');
    expect(storedLocale(undefined)).toBe('de');
  });

  it('starts in another language with its texts, and reads German again when switched back', async () => {
    const { frenchMessagesAll } = await import('./french');
    const french = createI18nProvider('fr', frenchMessagesAll);
    expect(french.getLocale()).toBe('fr');
    expect(french.translate('cn.menu.members')).toBe('Membres');
    await french.changeLocale('de');
    expect(french.translate('cn.menu.members')).toBe('Mitglieder');
  });

  it('finds a missing or surplus key', () => {
    expect(problems({ a: { b: 'B %{x}' } }, { a: { c: 'C' } })).toEqual(['missing: a.b', 'surplus: a.c']);
    expect(problems({ a: 'one |||| %{smart_count} many' }, { a: 'uno' })).toEqual(['placeholders of a', 'plural parts of a']);
  });
});

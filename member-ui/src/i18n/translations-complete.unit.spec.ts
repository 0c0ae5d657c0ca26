import calendarDe from '../calendars/i18n/de.json';
import calendarEn from '../calendars/i18n/en.json';
import calendarEs from '../calendars/i18n/es.json';
import calendarFr from '../calendars/i18n/fr.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import { translationProblems, type MessageTree } from './translation-keys';

const bundles: Record<string, Record<'de' | 'en' | 'es' | 'fr', MessageTree>> = {
  shell: { de, en, es, fr },
  calendars: { de: calendarDe, en: calendarEn, es: calendarEs, fr: calendarFr },
};

describe.each(Object.entries(bundles))('the %s translations', (_name, languages) => {
  // German is the reference (labels default to German); every other language has exactly its keys, and German has theirs
  it.each(['en', 'es', 'fr'] as const)('%s has every German key and no other', (language) => {
    expect(translationProblems(languages.de, languages[language], language)).toEqual([]);
  });

  it.each(['en', 'es', 'fr'] as const)('German has every key of %s', (language) => {
    expect(translationProblems(languages[language], languages.de, 'de')).toEqual([]);
  });
});

describe('translationProblems', () => {
  it('names missing and surplus keys, wrong plural forms and differing placeholders', () => {
    const reference = { a: { b: 'B {{x}}', n_one: 'one', n_other: '{{count}} n' }, c: 'C' };
    expect(translationProblems(reference, { a: { b: 'B {{x}}', n_one: 'un', n_many: '{{count}} n', n_other: '{{count}} n' }, c: 'C' }, 'fr')).toEqual([]);
    expect(translationProblems(reference, { a: { b: 'B', n_one: 'un', n_other: '{{count}} n' }, d: 'D' }, 'fr')).toEqual([
      'plural forms of a.n: one,other instead of many,one,other',
      'missing: c',
      'surplus: d',
      'placeholders of a.b: (none) instead of {{x}}',
    ]);
  });
});

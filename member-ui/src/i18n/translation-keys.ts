/**
 * Key parity of translation bundles: every language has the keys of the reference language, no more, and each
 * plural key in exactly the plural forms its language uses (German and English: one, other; Spanish and
 * French also many). Used by the unit specs of both consoles' message files.
 */
export type MessageTree = { readonly [key: string]: string | MessageTree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const leaves = (tree: MessageTree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));

/** keys with plural suffixes folded: base key → the plural forms present ('' for a plain key) */
const keyForms = (tree: MessageTree): Map<string, Set<string>> => {
  const forms = new Map<string, Set<string>>();
  for (const [key] of leaves(tree)) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    forms.set(base, (forms.get(base) ?? new Set()).add(match ? match[1] : ''));
  }
  return forms;
};

const placeholders = (text: string, pattern: RegExp): string[] => [...new Set(text.match(pattern) ?? [])].sort();

/**
 * Problems of `bundle` (in `language`) against `reference`: missing and surplus keys, wrong plural forms,
 * placeholders ({{name}} for i18next, %{name} for polyglot) that differ, empty texts where the reference has one.
 */
export const translationProblems = (
  reference: MessageTree,
  bundle: MessageTree,
  language: string,
  placeholderPattern: RegExp = /\{\{\s*\w+\s*\}\}/g,
): string[] => {
  const wanted = keyForms(reference);
  const present = keyForms(bundle);
  const pluralForms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const problems: string[] = [];
  for (const [base, forms] of wanted) {
    const got = present.get(base);
    if (!got) {
      problems.push(`missing: ${base}`);
      continue;
    }
    const plural = !forms.has('');
    const expected = plural ? [...pluralForms].sort() : [''];
    const actual = [...got].sort();
    if (expected.join() !== actual.join()) problems.push(`plural forms of ${base}: ${actual.join(',') || '(plain)'} instead of ${expected.join(',') || '(plain)'}`);
  }
  for (const base of present.keys()) if (!wanted.has(base)) problems.push(`surplus: ${base}`);

  const referenceTexts = new Map(leaves(reference).map(([key, text]) => [key.replace(PLURAL_SUFFIX, '_other'), text]));
  for (const [key, text] of leaves(bundle)) {
    const other = key.replace(PLURAL_SUFFIX, '_other');
    const original = referenceTexts.get(key) ?? referenceTexts.get(other);
    if (original === undefined) continue;
    if (original !== '' && text.trim() === '') problems.push(`empty: ${key}`);
    // the singular may leave the count out ('Repeats every day'), so plural forms are compared without it
    const strip = (names: string[]) => (PLURAL_SUFFIX.test(key) ? names.filter((name) => !/count/.test(name)) : names);
    const a = strip(placeholders(original, placeholderPattern)).join();
    const b = strip(placeholders(text, placeholderPattern)).join();
    if (a !== b) problems.push(`placeholders of ${key}: ${b || '(none)'} instead of ${a || '(none)'}`);
  }
  return problems;
};

import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';

type Tree = { [key: string]: string | Tree };

const mergeTrees = (base: Tree, override: Tree): Tree => {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? mergeTrees(current, value) : value;
  }
  return merged;
};

/** react-admin's English core messages with a language's own core keys laid over them, and that language's app texts */
export const messagesFor = (core: Tree, app: object): TranslationMessages => ({
  ...englishMessages,
  ra: mergeTrees(englishMessages.ra as unknown as Tree, core) as unknown as TranslationMessages['ra'],
  ...app,
});

import type { UI_LANGUAGES } from '@cn/contracts';

/**
 * Where the member's language choice is kept and the language without one: a module without dependencies,
 * so that the build's boot script (vite-start-page.ts) preloads the same language's strings main.tsx loads.
 */
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'cn.language';
export const DEFAULT_LANGUAGE: UiLanguage = 'de';

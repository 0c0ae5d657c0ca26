// @cn/platform/translation: the translator port and its LibreTranslate adapter.
export * from './translation';
export * from './libretranslate-translator';

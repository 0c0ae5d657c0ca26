/** A language the translation service knows, in the service's own codes. */
export interface TranslatorLanguage {
  code: string;
  name: string;
}

export interface TranslateOptions {
  /** 'html' keeps the markup and translates only the text between the tags (default 'text') */
  format?: 'text' | 'html';
}

export interface Translation {
  /** one per given text, in the same order; an empty text stays empty */
  texts: string[];
  /** the language the service recognized; null when the source was given or nothing could be recognized */
  detectedSource: string | null;
}

/**
 * Machine translation of short texts (appointment names and descriptions, messages). There is no
 * embedded adapter: without a configured service the port is absent and the feature is off.
 */
export interface Translator {
  languages(): Promise<TranslatorLanguage[]>;
  translate(texts: string[], target: string, source?: string, options?: TranslateOptions): Promise<Translation>;
}

/** The service could not be reached or refused the request (status is the service's HTTP status, if any). */
export class TranslationFailed extends Error {
  override readonly name = 'TranslationFailed';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

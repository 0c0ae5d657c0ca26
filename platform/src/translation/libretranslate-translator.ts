import { TranslationFailed, type Translation, type Translator, type TranslatorLanguage } from './translation';

export interface LibreTranslateOptions {
  /** base URL of the LibreTranslate server, e.g. http://libretranslate:5000 */
  url: string;
  apiKey?: string;
  /** per request (default 15 s): a slow service must not hold a page forever */
  timeoutMs?: number;
}

interface DetectedLanguage {
  language: string;
  confidence: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const detectedOf = (value: unknown): DetectedLanguage | null =>
  isRecord(value) && typeof value.language === 'string' && value.language !== ''
    ? { language: value.language, confidence: typeof value.confidence === 'number' ? value.confidence : 0 }
    : null;

/**
 * Translator over LibreTranslate's HTTP API (POST /translate with an array q, GET /languages).
 * Empty texts are not sent: the service refuses an empty q and would only echo them.
 */
export const createLibreTranslateTranslator = (options: LibreTranslateOptions): Translator => {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  const call = async (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TranslationFailed(`LibreTranslate ${method} ${path} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const reason = isRecord(payload) && typeof payload.error === 'string' ? payload.error : response.statusText;
      throw new TranslationFailed(`LibreTranslate ${method} ${path} answered ${response.status}: ${reason}`, response.status);
    }
    return payload;
  };

  return {
    languages: async (): Promise<TranslatorLanguage[]> => {
      const payload = await call('GET', '/languages');
      if (!Array.isArray(payload)) throw new TranslationFailed('LibreTranslate /languages answered no list');
      return payload.flatMap((entry) =>
        isRecord(entry) && typeof entry.code === 'string' ? [{ code: entry.code, name: typeof entry.name === 'string' ? entry.name : entry.code }] : [],
      );
    },

    translate: async (texts, target, source, translateOptions = {}): Promise<Translation> => {
      const sent = texts.flatMap((text, index) => (text.trim() === '' ? [] : [{ text, index }]));
      if (sent.length === 0) return { texts: texts.map(() => ''), detectedSource: null };
      const payload = await call('POST', '/translate', {
        q: sent.map((entry) => entry.text),
        source: source ?? 'auto',
        target,
        format: translateOptions.format ?? 'text',
        ...(options.apiKey ? { api_key: options.apiKey } : {}),
      });
      const translated = isRecord(payload) ? payload.translatedText : undefined;
      if (!Array.isArray(translated) || translated.length !== sent.length || !translated.every((text) => typeof text === 'string')) {
        throw new TranslationFailed('LibreTranslate /translate answered no list of texts matching the request');
      }
      const result = texts.map(() => '');
      sent.forEach((entry, position) => {
        result[entry.index] = translated[position];
      });
      // one detection per text: the surest one names the source of them all
      const detections = isRecord(payload) ? payload.detectedLanguage : undefined;
      const detected = (Array.isArray(detections) ? detections : [detections])
        .map(detectedOf)
        .filter((entry): entry is DetectedLanguage => entry !== null)
        .sort((a, b) => b.confidence - a.confidence)[0];
      return { texts: result, detectedSource: source === undefined && detected ? detected.language : null };
    },
  };
};

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local server speaking LibreTranslate's API (GET /languages, POST /translate with q as a
 * string or a list, source 'auto' or a code, format text or html, api_key), for tests: it knows a few
 * phrases in German, English, Spanish and French and marks any other text as translated.
 */
export interface FakeLibreTranslate {
  url: string;
  /** POST /translate bodies received, in order */
  readonly translateRequests: ReadonlyArray<Record<string, unknown>>;
  /** the next calls answer this status with an error body (null: answer normally again) */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const LANGUAGES = [
  { code: 'de', name: 'German' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'it', name: 'Italian' },
] as const;

/** each row: one phrase in every language the fake knows */
export const FAKE_PHRASES: ReadonlyArray<Readonly<Record<'de' | 'en' | 'es' | 'fr' | 'it', string>>> = [
  { de: 'Guten Morgen', en: 'Good morning', es: 'Buenos días', fr: 'Bonjour', it: 'Buongiorno' },
  { de: 'Gute Nacht', en: 'Good night', es: 'Buenas noches', fr: 'Bonne nuit', it: 'Buona notte' },
  { de: 'Sommerfest', en: 'Summer party', es: 'Fiesta de verano', fr: "Fête d'été", it: 'Festa estiva' },
  { de: 'Wir grillen im Hof.', en: 'We barbecue in the yard.', es: 'Hacemos barbacoa en el patio.', fr: 'Nous faisons un barbecue dans la cour.', it: 'Facciamo il barbecue nel cortile.' },
];

type Code = (typeof LANGUAGES)[number]['code'];
const isCode = (value: unknown): value is Code => LANGUAGES.some((language) => language.code === value);

const phraseOf = (text: string): { language: Code; row: (typeof FAKE_PHRASES)[number] } | null => {
  for (const row of FAKE_PHRASES) {
    const language = LANGUAGES.find(({ code }) => row[code] === text.trim())?.code;
    if (language) return { language, row };
  }
  return null;
};

const translatePlain = (text: string, target: Code): { text: string; language: Code | null } => {
  if (text.trim() === '') return { text, language: null };
  const phrase = phraseOf(text);
  return phrase ? { text: phrase.row[target], language: phrase.language } : { text: `[${target}] ${text}`, language: null };
};

/** html: only the text between the tags is translated */
const translateOne = (text: string, target: Code, format: string): { text: string; language: Code | null } => {
  if (format !== 'html') return translatePlain(text, target);
  let language: Code | null = null;
  const parts = text.split(/(<[^>]*>)/).map((part) => {
    if (part.startsWith('<')) return part;
    const done = translatePlain(part, target);
    language ??= done.language;
    return done.text;
  });
  return { text: parts.join(''), language };
};

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw === '' ? {} : (JSON.parse(raw) as unknown);
};

const send = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const startFakeLibreTranslate = async (options: { apiKey?: string } = {}): Promise<FakeLibreTranslate> => {
  const translateRequests: Array<Record<string, unknown>> = [];
  let failure: number | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (failure !== null) return send(res, failure, { error: 'Slowdown: too many requests' });
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'GET' && path === '/languages') {
      return send(res, 200, LANGUAGES.map((language) => ({ ...language, targets: LANGUAGES.map(({ code }) => code) })));
    }
    if (req.method !== 'POST' || path !== '/translate') return send(res, 404, { error: 'Not Found' });
    const body = await readBody(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(res, 400, { error: 'Invalid request' });
    const request = body as Record<string, unknown>;
    translateRequests.push(request);
    if (options.apiKey !== undefined && request.api_key !== options.apiKey) return send(res, 403, { error: 'Invalid API key' });
    const { q, target } = request;
    const source = request.source ?? 'auto';
    const format = typeof request.format === 'string' ? request.format : 'text';
    const texts = Array.isArray(q) ? q : [q];
    if (q === undefined || q === '' || texts.length === 0 || !texts.every((text) => typeof text === 'string' && text !== '')) {
      return send(res, 400, { error: 'Invalid request: missing q parameter' });
    }
    if (!isCode(target)) return send(res, 400, { error: `${String(target)} is not supported` });
    if (source !== 'auto' && !isCode(source)) return send(res, 400, { error: `${JSON.stringify(source)} is not supported` });
    const done = (texts as string[]).map((text) => translateOne(text, target, format));
    const detection = (language: Code | null) => ({ confidence: language ? 90 : 0, language: language ?? 'en' });
    if (!Array.isArray(q)) {
      const one = done[0] ?? { text: '', language: null };
      return send(res, 200, source === 'auto' ? { translatedText: one.text, detectedLanguage: detection(one.language) } : { translatedText: one.text });
    }
    const translatedText = done.map((entry) => entry.text);
    return send(res, 200, source === 'auto' ? { translatedText, detectedLanguage: done.map((entry) => detection(entry.language)) } : { translatedText });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 400, { error: 'Invalid request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    translateRequests,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};

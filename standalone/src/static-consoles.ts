import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built consoles: member-ui at `/`, admin-ui at `/admin/`. A browser navigation (Accept
 * prefers text/html) to a console route gets the console's index.html, so that `/members/42` opens the
 * member page while `fetch('/members/42')` from the console reaches the query API on the same path.
 */
const NEVER_A_PAGE = /^\/(api|health|metrics)(\/|$)/;
/** a path naming a file (`/appointments/7.ics`, `/attendees.csv`) is a download, never a console route */
const NAMES_A_FILE = /\/[^/]+\.[A-Za-z0-9]{2,5}$/;
/**
 * Downloads a browser navigates to (/appointments/1.ics, /appointments/1/attendees.xlsx, webcal feeds)
 * are answered by the API even though the browser asks for HTML first.
 */
const DOWNLOAD = /\.(ics|csv|xlsx)$/i;

export interface ConsoleBundle {
  mountPath: string;
  dir: string;
}

export const consoleBundles = (root: string): ConsoleBundle[] => [
  { mountPath: '/admin', dir: join(root, 'admin-ui', 'dist') },
  { mountPath: '/', dir: join(root, 'member-ui', 'dist') },
];

const wantsPage = (req: Request): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  !NEVER_A_PAGE.test(req.path) &&
  !NAMES_A_FILE.test(req.path) &&
  !DOWNLOAD.test(req.path) &&
  req.accepts(['json', 'html']) === 'html';

/** Vite names what it emits under assets/ by content hash: such a file never changes under its name. */
const HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const cacheControlOf = (path: string): string => (HASHED.test(path) ? IMMUTABLE : 'no-cache');

/** The encodings the client accepts that a precompressed copy exists for (scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends the brotli or gzip copy the build wrote next to a file, when the client takes it: the bytes go as
 * they are, with the original file's type, and hashed assets are cached for a year.
 */
const precompressed = (dir: string) => (req: Request, res: Response, next: NextFunction): void => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.includes('..') || req.path.endsWith('/')) {
    next();
    return;
  }
  // brotli whenever the client takes it (smaller), whatever order its header lists them in
  const encoding = ENCODINGS.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name);
  const file = join(dir, decodeURIComponent(req.path));
  if (!encoding || !file.startsWith(dir) || !existsSync(`${file}${encoding.suffix}`)) {
    next();
    return;
  }
  res.setHeader('Content-Encoding', encoding.name);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControlOf(req.path));
  res.type(extname(file));
  res.sendFile(`${file}${encoding.suffix}`, { cacheControl: false, lastModified: true });
};

export const serveConsoles = (http: express.Express, bundles: ConsoleBundle[]): string[] => {
  const served: string[] = [];
  for (const bundle of bundles) {
    const index = join(bundle.dir, 'index.html');
    if (!existsSync(index)) continue;
    served.push(bundle.mountPath);
    http.use(bundle.mountPath, precompressed(bundle.dir));
    http.use(
      bundle.mountPath,
      express.static(bundle.dir, {
        index: false,
        fallthrough: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader('Cache-Control', cacheControlOf(path.slice(bundle.dir.length)));
          res.setHeader('Vary', 'Accept-Encoding');
        },
      }),
    );
    http.use(bundle.mountPath, (req: Request, res: Response, next: NextFunction) => {
      if (!wantsPage(req)) {
        next();
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  }
  return served;
};

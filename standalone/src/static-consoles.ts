import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

export const serveConsoles = (http: express.Express, bundles: ConsoleBundle[]): string[] => {
  const served: string[] = [];
  for (const bundle of bundles) {
    const index = join(bundle.dir, 'index.html');
    if (!existsSync(index)) continue;
    served.push(bundle.mountPath);
    http.use(bundle.mountPath, express.static(bundle.dir, { index: false, fallthrough: true, maxAge: '1h' }));
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

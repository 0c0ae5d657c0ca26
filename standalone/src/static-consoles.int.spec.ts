import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { serveConsoles } from './static-consoles';

describe('serving the consoles beside the API', () => {
  const root = mkdtempSync(join(tmpdir(), 'cn-consoles-'));
  const app = express();

  beforeAll(() => {
    for (const [dir, title] of [['member', 'member console'], ['admin', 'admin console']] as const) {
      mkdirSync(join(root, dir, 'assets'), { recursive: true });
      writeFileSync(join(root, dir, 'index.html'), `<title>${title}</title>`);
      writeFileSync(join(root, dir, 'assets', 'app.js'), `// ${title}`);
    }
    serveConsoles(app, [
      { mountPath: '/admin', dir: join(root, 'admin') },
      { mountPath: '/', dir: join(root, 'member') },
    ]);
    app.get('/members/:id', (_req, res) => {
      res.json({ id: 'api' });
    });
    app.get('/appointments/:file', (_req, res) => {
      res.type('text/calendar').send('BEGIN:VCALENDAR');
    });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const html = 'text/html,application/xhtml+xml,*/*;q=0.8';

  it('answers a browser navigation with the console page and a fetch with the API', async () => {
    expect((await request(app).get('/members/7').set('Accept', html)).text).toContain('member console');
    expect((await request(app).get('/members/7').set('Accept', 'application/json')).body).toEqual({ id: 'api' });
    expect((await request(app).get('/members/7')).body).toEqual({ id: 'api' });
  });

  it('serves the admin console under /admin and the assets of each', async () => {
    expect((await request(app).get('/admin/settings').set('Accept', html)).text).toContain('admin console');
    expect((await request(app).get('/admin/assets/app.js')).text).toContain('admin console');
    expect((await request(app).get('/assets/app.js')).text).toContain('member console');
  });

  it('never answers a download or the API prefixes with a page', async () => {
    const ics = await request(app).get('/appointments/7.ics').set('Accept', html);
    expect(ics.text).toBe('BEGIN:VCALENDAR');
    expect((await request(app).get('/api/docs').set('Accept', html)).status).toBe(404);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
    // a hashed bundle with the copies scripts/precompress.mjs writes
    const bundle = `export const console = '${'member '.repeat(400)}';`;
    writeFileSync(join(root, 'member', 'assets', 'index-Dv3xTnLK.js'), bundle);
    writeFileSync(join(root, 'member', 'assets', 'index-Dv3xTnLK.js.br'), brotliCompressSync(bundle));
    writeFileSync(join(root, 'member', 'assets', 'index-Dv3xTnLK.js.gz'), gzipSync(bundle));
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

  it('sends the precompressed copy the client accepts, cached for a year under its hashed name', async () => {
    const brotli = await request(app).get('/assets/index-Dv3xTnLK.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.text).toContain('member member');
    const gzip = await request(app).get('/assets/index-Dv3xTnLK.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toContain('member member');
    const plain = await request(app).get('/assets/index-Dv3xTnLK.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the page itself is revalidated every time: a new deployment is seen at once
    expect((await request(app).get('/settings').set('Accept', html)).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/assets/app.js')).headers['cache-control']).toBe('no-cache');
  });

  it('never answers a download or the API prefixes with a page', async () => {
    const ics = await request(app).get('/appointments/7.ics').set('Accept', html);
    expect(ics.text).toBe('BEGIN:VCALENDAR');
    expect((await request(app).get('/api/docs').set('Accept', html)).status).toBe(404);
  });
});

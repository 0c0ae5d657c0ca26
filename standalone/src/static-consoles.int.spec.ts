import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { serveConsoles } from './static-consoles';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('serving the consoles beside the API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cn-consoles-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>member-ui</title>');
  const app = express();
  serveConsoles(app, [{ mountPath: '/', dir }]);
  // stands in for the Nest routes mounted after the consoles
  app.use((req, res) => {
    res.type('text/calendar').send(`api ${req.path}`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a browser navigation to a console route with the console', async () => {
    const res = await request(app).get('/appointments/1').set('Accept', BROWSER_ACCEPT).expect(200);
    expect(res.text).toContain('member-ui');
  });

  it('lets downloads through to the API even when the browser asks for HTML', async () => {
    for (const path of ['/appointments/1.ics', '/appointments/r-a1-20260302T090000Z.ics', '/appointments/1/attendees.csv', '/appointments/1/attendees.xlsx', '/calendars/feeds/all.ics']) {
      const res = await request(app).get(`${path}?token=t`).set('Accept', BROWSER_ACCEPT).expect(200);
      expect(res.text).toBe(`api ${path}`);
    }
  });

  it('leaves fetches of JSON to the API', async () => {
    const res = await request(app).get('/appointments/1').set('Accept', 'application/json').expect(200);
    expect(res.text).toBe('api /appointments/1');
  });
});

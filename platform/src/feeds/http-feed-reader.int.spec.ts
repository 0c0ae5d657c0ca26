import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCachedFeedReader, createHttpFeedReader, FeedError, isPrivateAddress, parseFeed } from './index';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Garden news</title>
  <item><title>Tomatoes &amp; basil</title><link>https://example.org/tomatoes</link><pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate></item>
  <item><title><![CDATA[<b>Compost</b> in spring]]></title><link>https://example.org/compost</link></item>
  <item><title>No link</title><link>javascript:alert(1)</link></item>
</channel></rss>`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Club</title>
  <entry><title type="html">Summer &lt;i&gt;party&lt;/i&gt;</title><link rel="alternate" href="https://example.org/party"/><link rel="edit" href="https://example.org/edit/1"/><updated>2026-06-01T10:00:00Z</updated></entry>
  <entry><title>Board</title><link href="https://example.org/board"/></entry>
</feed>`;

describe('the HTTP feed reader', () => {
  let server: Server;
  let base = '';
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      switch (req.url) {
        case '/rss':
          res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(RSS);
          return;
        case '/atom':
          res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(ATOM);
          return;
        case '/slow':
          setTimeout(() => res.writeHead(200).end(RSS), 2_000).unref();
          return;
        case '/huge': {
          res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
          // no content-length: the cap must stop reading the stream itself
          const chunk = `<item><title>${'x'.repeat(1000)}</title></item>`;
          let sent = 0;
          const push = () => {
            while (sent < 500) {
              sent += 1;
              if (!res.write(chunk)) return void res.once('drain', push);
            }
            res.end();
          };
          push();
          return;
        }
        case '/moved':
          res.writeHead(302, { Location: '/atom' }).end();
          return;
        case '/html':
          res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>not a feed</body></html>');
          return;
        default:
          res.writeHead(500).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // the feed server of the test is on this host: a private address the default reader refuses
  const reader = createHttpFeedReader({ timeoutMs: 500, maxBytes: 100_000, allowPrivateNetworks: true });
  const failure = async (url: string, using = reader) => {
    try {
      await using.read(url);
      return null;
    } catch (error) {
      return error instanceof FeedError ? error.reason : String(error);
    }
  };

  it('reads RSS 2.0: titles as text, only http(s) links, dates as instants', async () => {
    expect(await reader.read(`${base}/rss`)).toEqual([
      { url: 'https://example.org/tomatoes', title: 'Tomatoes & basil', published_at: '2026-03-02T09:00:00.000Z' },
      { url: 'https://example.org/compost', title: 'Compost in spring', published_at: null },
    ]);
  });

  it('reads Atom: the alternate link of each entry', async () => {
    expect(await reader.read(`${base}/atom`)).toEqual([
      { url: 'https://example.org/party', title: 'Summer party', published_at: '2026-06-01T10:00:00.000Z' },
      { url: 'https://example.org/board', title: 'Board', published_at: null },
    ]);
  });

  it('gives up after its time limit, past its size cap, on an error status and on what is not a feed', async () => {
    expect(await failure(`${base}/slow`)).toBe('timeout');
    expect(await failure(`${base}/huge`)).toBe('too_large');
    expect(await failure(`${base}/missing`)).toBe('http_status');
    expect(await failure(`${base}/html`)).toBe('not_a_feed');
    expect(await failure('file:///etc/passwd')).toBe('invalid_url');
    expect(() => parseFeed('<html/>')).toThrow(FeedError);
  });

  it('follows a redirect; never reads loopback, private or link-local addresses unless allowed', async () => {
    expect((await reader.read(`${base}/moved`)).map((item) => item.title)).toEqual(['Summer party', 'Board']);
    const guarded = createHttpFeedReader({ timeoutMs: 500, maxBytes: 100_000 });
    expect(await failure(`${base}/rss`, guarded)).toBe('private_address');
    expect(await failure('http://localhost:1/rss', guarded)).toBe('private_address');
    expect(await failure('http://169.254.169.254/latest/meta-data', guarded)).toBe('private_address');
    expect(await failure('http://[::1]:1/rss', guarded)).toBe('private_address');
    expect(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1'].filter((ip) => !isPrivateAddress(ip))).toEqual([]);
    expect(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'].filter(isPrivateAddress)).toEqual([]);
  });

  it('the cached reader fetches a feed once within its time to live', async () => {
    let now = 0;
    const cached = createCachedFeedReader(reader, { ttlMs: 1_000, clock: () => new Date(now) });
    const before = hits;
    await Promise.all([cached.read(`${base}/rss`), cached.read(`${base}/rss`)]);
    await cached.read(`${base}/rss`);
    expect(hits - before).toBe(1);
    now = 2_000;
    await cached.read(`${base}/rss`);
    expect(hits - before).toBe(2);
  });
});

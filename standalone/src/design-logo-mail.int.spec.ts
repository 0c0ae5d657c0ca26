import request from 'supertest';
import { designLogoPath, type DesignDto, type UploadedFileAnswer } from '@cn/contracts';
import { publicDesignLogoPath } from '@cn/projection-service';
import { binaryBody, httpCaller } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

// a 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const design = (logo: string) => ({ name: 'Mail', primary_color: '#113355', primary_text_color: '#ffffff', background_color: '#fafafa', logo_url: logo });

/**
 * A design's logo in mails: mail clients have no session, so the address the newsletter uses (what
 * publicDesignLogoPath answers the newsletter's composer) answers the image to a request without any
 * cookie, cached as immutable, while the upload's own address still needs a session; a wrong token, a
 * file no design names and a logo whose design is gone answer 404.
 */
describe("a design's logo is fetchable by mail clients, without a session", () => {
  const demo = useDemoServer('design-logo-mail');
  const { must, request: raw } = httpCaller(() => demo.server);

  it('answers the bytes at the public address only while a design names them', async () => {
    const { admin } = demo.clients;
    const upload = async (): Promise<string> => ((await raw(admin, 'post', '/api/storage/files').attach('file', PNG, 'logo.png').expect(201)).body as UploadedFileAnswer).id;
    const logo = await upload();
    const other = await upload();
    const id = (await must<{ id: string }>(admin, 'post', '/administration/designs', design(designLogoPath(logo)))).id;
    await must<DesignDto>(admin, 'get', `/administration/designs/${id}`);

    const path = await publicDesignLogoPath(demo.running.infra.documentStore, demo.config.session.secret, designLogoPath(logo));
    expect(path).toMatch(new RegExp(`^/api/storage/design-logos/${logo}/[0-9a-f]{40}$`));
    const shown = await request(demo.server).get(path ?? '').buffer(true).parse(binaryBody);
    expect([shown.status, shown.headers['content-type'], shown.headers['cache-control']]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    expect(Buffer.compare(shown.body as Buffer, PNG)).toBe(0);
    // the upload's own address stays behind the session
    expect((await request(demo.server).get(designLogoPath(logo))).status).toBe(401);
    // another token, or a file no design names, is nothing
    expect((await request(demo.server).get(`${path?.slice(0, -4) ?? ''}0000`)).status).toBe(404);
    expect(await publicDesignLogoPath(demo.running.infra.documentStore, demo.config.session.secret, designLogoPath(other))).toBeNull();
    expect((await request(demo.server).get(`/api/storage/design-logos/${other}/${path?.split('/').pop() ?? ''}`)).status).toBe(404);

    await must(admin, 'delete', `/administration/designs/${id}`);
    expect((await raw(admin, 'get', `/administration/designs/${id}`)).status).toBe(404);
    expect((await request(demo.server).get(path ?? '')).status).toBe(404);
  });
});

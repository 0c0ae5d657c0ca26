/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { RichEditor } from './RichEditor';
import { RichText } from './RichText';

const ID = '0b6c1f7e-4a4d-4c1e-9b1a-2f3d4e5f6a7b';
const URL_OF = (id: string) => `/api/storage/assets/${id}/preview`;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lake.png', { type: 'image/png' });

describe('the rich-text editor\'s images', () => {
  it('uploads a picked image and inserts our own asset path as an <img>', async () => {
    const { api, callsTo } = fakeServer({ 'POST /api/storage/assets/ckeditor/images': { status: 201, body: { id: ID, url: URL_OF(ID), position: 4 }, position: 4 } });
    const changes: string[] = [];
    renderPage(<RichEditor id="text" labelledBy="label" initial="<p>Hello</p>" onChange={(html) => changes.push(html)} images />, { url: '/', api });
    fireEvent.change(await screen.findByTestId('editor-image-file'), { target: { files: [png()] } });
    await waitFor(() => expect(changes.at(-1)).toBe(`<p>Hello</p><img src="${URL_OF(ID)}" alt="">`));
    expect(callsTo('POST', '/api/storage/assets/ckeditor/images')).toHaveLength(1);
    expect(screen.getByRole('textbox').querySelector('img')?.getAttribute('src')).toBe(URL_OF(ID));
  });

  it('shows a refusal in words and inserts nothing', async () => {
    const { api } = fakeServer({
      'POST /api/storage/assets/ckeditor/images': { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'file', key: 'image_type_not_accepted' }] } },
    });
    const changes: string[] = [];
    renderPage(<RichEditor id="text" labelledBy="label" initial="" onChange={(html) => changes.push(html)} images />, { url: '/', api });
    fireEvent.change(await screen.findByTestId('editor-image-file'), { target: { files: [png()] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not an image we accept (PNG, JPEG, GIF or WebP).');
    expect(changes).toEqual([]);
  });

  it('picks one of the member\'s earlier images', async () => {
    const other = '1c7d2e8f-5b5e-4d2f-8c2b-3e4f5a6b7c8d';
    const { api } = fakeServer({
      'GET /system/ckeditor/images': { status: 200, body: { images: [{ id: other, url: URL_OF(other), thumbnail_url: `${URL_OF(other)}?size=small`, name: 'garden.jpg', uploaded_at: '2026-01-01T00:00:00.000Z' }], total: 1, page: 1, per_page: 24 } },
    });
    const changes: string[] = [];
    renderPage(<RichEditor id="text" labelledBy="label" initial="" onChange={(html) => changes.push(html)} images />, { url: '/', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Your images' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Insert garden.jpg' }));
    expect(changes.at(-1)).toBe(`<img src="${URL_OF(other)}" alt="">`);
    expect(screen.queryByTestId('editor-image-picker')).toBeNull();
  });

  it('offers no image button where the server keeps no images, and loads no foreign image', async () => {
    const { api } = fakeServer({});
    renderPage(<RichEditor id="text" labelledBy="label" initial={`<p>x<img src="${URL_OF(ID)}"></p>`} onChange={() => undefined} />, { url: '/', api });
    const area = await screen.findByRole('textbox');
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
    expect(area.querySelector('img')).toBeNull();
  });

  it('shows our own assets and nothing else in rendered rich text', async () => {
    const { api } = fakeServer({});
    const html = `<p>a<img src="${URL_OF(ID)}" alt="Lake"><img src="https://tracker.example/p.gif"><img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"></p>`;
    renderPage(<RichText html={html} testId="rendered" />, { url: '/', api });
    const images = [...(await screen.findByTestId('rendered')).querySelectorAll('img')];
    expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([[URL_OF(ID), 'Lake']]);
  });
});

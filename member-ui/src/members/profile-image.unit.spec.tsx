/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { MemberCan } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { memberProfileChangeOf, withProfile } from '../realtime/changes';
import { aMember } from '../testing/fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { MemberEditPage } from './MemberEditPage';

jest.mock('./members.css', () => ({}));

const can = (overrides: Partial<MemberCan> = {}): MemberCan => ({
  update_profile: true,
  update_registration: true,
  ignore: false,
  invite_internal: false,
  invite_external: false,
  request_changes: false,
  ...overrides,
});
const png = (name = 'me.png', size = 67) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the profile image on the profile edit page', () => {
  it('uploads the chosen file as multipart, words a refusal by its key, and offers removal once there is an image', async () => {
    let answer: Answer = { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'file', key: 'image_type_not_accepted' }] } };
    let member = aMember({ can: can() });
    const server = fakeServer({
      'GET /members/m1': () => ({ status: 200, body: member }),
      'PUT /members/m1/image': () => answer,
      'DELETE /members/m1/image': { status: 200, body: { image_url: null, position: 9 }, position: 9 },
    });
    renderPage(<MemberEditPage />, { url: '/members/m1/edit', path: '/members/:id/edit', api: server.api });
    const input = await screen.findByTestId('profile-image-field-input');
    expect(screen.queryByTestId('profile-image-field-remove')).toBeNull();

    fireEvent.change(input, { target: { files: [png('not-really.png')] } });
    expect(await screen.findByTestId('profile-image-field-error')).toHaveProperty('textContent', 'This file is not an image we accept (PNG, JPEG, GIF or WebP).');
    expect(server.callsTo('PUT', '/members/m1/image')).toHaveLength(1);
    expect(server.callsTo('PUT', '/members/m1/image')[0]?.headers['Content-Type']).toBeUndefined();

    answer = { status: 200, body: { image_url: '/members/m1/image?v=8', position: 8 }, position: 8 };
    member = aMember({ can: can(), images: { small: '/members/m1/image?v=8', large: '/members/m1/image?v=8' } });
    fireEvent.change(input, { target: { files: [png()] } });
    await screen.findByTestId('profile-image-field-remove');
    expect(screen.queryByTestId('profile-image-field-error')).toBeNull();
    expect(document.querySelector('img.avatar')?.getAttribute('src')).toBe('/members/m1/image?v=8');

    member = aMember({ can: can() });
    fireEvent.click(screen.getByTestId('profile-image-field-remove'));
    await waitFor(() => expect(screen.queryByTestId('profile-image-field-remove')).toBeNull());
    expect(server.callsTo('DELETE', '/members/m1/image')).toHaveLength(1);
  });

  it('refuses a file larger than 5 MB before sending it', async () => {
    const server = fakeServer({ 'GET /members/m1': { status: 200, body: aMember({ can: can() }) } });
    renderPage(<MemberEditPage />, { url: '/members/m1/edit', path: '/members/:id/edit', api: server.api });
    fireEvent.change(await screen.findByTestId('profile-image-field-input'), { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByTestId('profile-image-field-error')).toHaveProperty('textContent', 'The image is larger than 5 MB.');
    expect(server.callsTo('PUT', '/members/m1/image')).toHaveLength(0);
  });
});

describe('a pushed member carries their image', () => {
  it('the patch of a member push takes the new image URL over (header, pages, directory rows)', () => {
    const pushed = { ...aMember(), images: { small: '/members/m1/image?v=12', large: '/members/m1/image?v=12' } };
    const change = memberProfileChangeOf({ type: 'changed', collection: 'members', id: 'm1', doc: pushed });
    expect(change?.patch.images).toEqual(pushed.images);
    expect(withProfile(aMember(), change?.patch ?? { displayName: '', name: '', first_name: '', last_name: '' }).images.small).toBe('/members/m1/image?v=12');
    const removed = memberProfileChangeOf({ type: 'changed', collection: 'members', id: 'm1', doc: { ...aMember(), images: { small: null, large: null } } });
    expect(withProfile(aMember({ images: { small: '/old', large: '/old' } }), removed?.patch ?? { displayName: '', name: '', first_name: '', last_name: '' }).images).toEqual({ small: null, large: null });
  });
});

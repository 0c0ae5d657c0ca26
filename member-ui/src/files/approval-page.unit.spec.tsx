/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { OpenReviewDto, OpenReviewVersionDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { ApprovalPage, defaultApprovalTab } from './ApprovalPage';

const aVersion = (id: string, fileName: string, overrides: Partial<OpenReviewVersionDto> = {}): OpenReviewVersionDto => ({
  id,
  file_id: `file-${id}`,
  file_name: fileName,
  original_filename: `${fileName}-2`,
  extension: 'txt',
  created_at: '2026-11-23T09:00:00.000Z',
  author_name: 'Max Muster',
  description: '',
  folder_id: 'd1',
  folder_name: 'Protokolle',
  namespace: 'group',
  group_id: 'g1',
  group_name: 'Garden',
  group_slug: 'garden',
  ...overrides,
});

describe('the approval page', () => {
  it('opens the versions tab only when nothing awaits review but new versions do', () => {
    expect(defaultApprovalTab(0, 2)).toBe('versions');
    expect(defaultApprovalTab(1, 2)).toBe('open');
    expect(defaultApprovalTab(0, 0)).toBe('open');
  });

  it('lists the open reviews with file, folder, uploader and count, approves one, and reads the list again on a pushed files change', async () => {
    let open: OpenReviewDto = {
      versions: [aVersion('v1', 'budget.txt'), aVersion('v2', 'handbook.txt', { namespace: 'network', folder_id: 'root', folder_name: '', group_id: null, group_name: null, group_slug: null })],
      total: 2,
    };
    const server = fakeServer({
      'GET /api/storage/approval': { status: 200, body: { versions: [] } },
      'GET /api/storage/approval/open': () => ({ status: 200, body: open }),
      'POST /api/storage/files/file-v1/pending_versions/v1/approve': () => {
        open = { versions: open.versions.slice(1), total: 1 };
        return { status: 200, body: { position: 9 }, position: 9 };
      },
    });
    const { channel } = renderPage(<ApprovalPage />, { url: '/files/approval', api: server.api });
    const row = await screen.findByTestId('open-review-budget.txt');
    expect(row.textContent).toContain('in Protokolle (Garden)');
    expect(row.textContent).toContain('uploaded by Max Muster');
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/groups/garden/files/file-v1');
    expect(screen.getByTestId('open-review-handbook.txt').textContent).toContain('in Network files');
    expect(screen.getByTestId('approval-count-open').textContent).toBe('2');
    expect(screen.getByTestId('approval-count-versions').textContent).toBe('0');
    // the network page asks for every scope's, not one
    expect(server.callsTo('GET', '/api/storage/approval/open')[0]?.url).toBe('/api/storage/approval/open');

    fireEvent.click(screen.getByTestId('open-review-approve-budget.txt'));
    await waitFor(() => expect(screen.queryByTestId('open-review-budget.txt')).toBeNull());
    expect(server.callsTo('POST', '/api/storage/files/file-v1/pending_versions/v1/approve')).toHaveLength(1);
    expect(screen.getByTestId('approval-count-open').textContent).toBe('1');

    // someone else decided the other one: the push reads the list and its count again
    open = { versions: [], total: 0 };
    act(() => channel.push({ collection: 'files_v2', id: 'file-v2', doc: { position: 10 } }));
    expect(await screen.findByTestId('approval-open-empty')).toBeTruthy();
    expect(screen.getByTestId('approval-count-open').textContent).toBe('0');
  });
});

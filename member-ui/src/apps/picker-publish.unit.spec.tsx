/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { fakeServer, renderPage } from '../testing/render';
import { FilePickerInput } from './PickerInputs';

jest.mock('./apps.css', () => ({}));

const published: Array<{ files: Array<{ id: string }>; folder_ids: string[] }> = [];
// the network's root takes no files from this member; the group's root (listed by the server) does
const folder = (id: string, name: string, addFiles: boolean) => ({
  folder: { id, name, namespace: id === 'root' ? 'network' : 'group', can: { add_files: addFiles } },
  breadcrumbs: [{ id, name: id === 'root' ? '' : name }],
  folders: id === 'root' ? [{ id: 'f-plans', name: 'Plans' }] : [],
  files: [],
});
jest.mock('../files/files-api', () => ({
  filesApi: () => ({
    upload: () => Promise.resolve({ id: 'up-1', name: 'plan.pdf', size: 3, extension: 'pdf', content_type: 'application/pdf', state: 'volatile' }),
    roots: () => Promise.resolve({ roots: [folder('root', '', false).folder, folder('root-g-team', 'Team', true).folder] }),
    folder: (id: string) => Promise.resolve(id === 'root' ? folder('root', '', false) : folder(id, id === 'root-g-team' ? 'Team' : 'Plans', id === 'root-g-team')),
    publish: (request: { files: Array<{ id: string }>; folder_ids: string[] }) => {
      published.push(request);
      return Promise.resolve({ position: 9, file_ids: ['up-1'] });
    },
  }),
}));

const property = propertyDefinition({ id: 'p-doc', name: 'doc', label: 'Document', type: 'file' });

const Harness = () => {
  const [value, setValue] = useState<unknown>(null);
  return (
    <>
      <FilePickerInput property={property} value={value} onChange={setValue} disabled={false} errors={undefined} memberNames={{}} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
};

describe('the file picker publishing an upload', () => {
  it('says an upload is the member\'s own until published, and publishes it into their group\'s folder, a place the server lists', async () => {
    const server = fakeServer({});
    renderPage(<Harness />, { url: '/apps/tasks/items/new', api: server.api });
    const input = await waitFor(() => {
      const found = document.querySelector('input[type="file"][name="doc"]');
      if (!found) throw new Error('no file input yet');
      return found as HTMLInputElement;
    });
    act(() => {
      fireEvent.change(input, { target: { files: [new File(['abc'], 'plan.pdf', { type: 'application/pdf' })] } });
    });
    expect((await screen.findByTestId('volatile-doc')).textContent).toContain('Only you can open this upload');
    expect(screen.getByTestId('value').textContent).toContain('"id":"up-1"');

    fireEvent.click(screen.getByRole('button', { name: 'Publish into a folder…' }));
    // the root folder takes no files from this member: no publish button there
    expect(await screen.findByText('You cannot add files to this folder; choose another one.')).toBeTruthy();
    expect(screen.queryByTestId('publish-here')).toBeNull();
    // the places are the server's list: the network's files and the member's group
    await waitFor(() => expect([...screen.getByTestId<HTMLSelectElement>('file-browser-place').options].map((option) => option.text)).toEqual(["The network's files", 'Team']));
    fireEvent.change(screen.getByTestId('file-browser-place'), { target: { value: 'root-g-team' } });
    fireEvent.click(await screen.findByTestId('publish-here'));
    await waitFor(() => expect(screen.getByTestId('published-doc').textContent).toBe('Published in “Team”.'));
    expect(published).toEqual([{ files: [{ id: 'up-1' }], folder_ids: ['root-g-team'], description: '' }]);
    expect(screen.queryByTestId('volatile-doc')).toBeNull();
  });
});

import { NETWORK_ROOT_FOLDER_ID, type FolderItemDto } from '@cn/contracts';
import { useFileRoots } from './files-queries';

/**
 * The place a file picker browses first, one choice for every picker of the console (the item form's
 * file and image fields, the message composer's 'choose from files'): the network's files, then the
 * groups' the member may browse, as the server lists them (`GET /api/storage/roots`, the files module's
 * own rule, so a group whose files the member may not see is never offered). `value` is the root folder of
 * the place shown; until the list is in, only that place is offered.
 */
export const FilePlaceSelect = ({ value, onChange, networkName, testId }: { value: string; onChange: (rootId: string) => void; networkName: string; testId: string }) => {
  const roots = useFileRoots();
  const places: Array<Pick<FolderItemDto, 'id' | 'namespace' | 'name'>> = roots.data?.roots ?? [{ id: value, namespace: value === NETWORK_ROOT_FOLDER_ID ? 'network' : 'group', name: '' }];
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
      {places.map((root) => (
        <option key={root.id} value={root.id}>
          {root.namespace === 'network' ? networkName : root.name}
        </option>
      ))}
    </select>
  );
};

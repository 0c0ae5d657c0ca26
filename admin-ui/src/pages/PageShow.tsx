import RestoreIcon from '@mui/icons-material/Restore';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Button, EditButton, Show, TopToolbar, useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { DELETED_MEMBER_NAME, PAGES_COLLECTION, PAGES_TOPIC, type PageDto, type PageHistory, type PageVersionDto, type PageVersionSummary } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { useLiveChanges } from '../api/useLiveChanges';
import { refusalOf } from '../layout/ConfirmedDeleteButton';
import type { PageHistoryCommands } from './pages-data-provider';

const useHistoryProvider = () => useDataProvider<ReturnType<typeof useDataProvider> & PageHistoryCommands>();

const Author = ({ version }: { version: PageVersionSummary }) => {
  const translate = useTranslate();
  if (version.author === null) return <>{translate('resources.pages.history.system')}</>;
  return <>{version.author.name === DELETED_MEMBER_NAME ? translate('resources.pages.history.deleted_member') : version.author.name}</>;
};

const WhatChanged = ({ version }: { version: PageVersionSummary }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2">
        {version.kind === 'restored' ? translate('resources.pages.history.restored', { version: version.restored_version ?? 0 }) : translate(`resources.pages.history.${version.kind}`)}
      </Typography>
      {version.kind === 'created' ? null : version.changed.map((field) => <Chip key={field} size="small" label={translate(`resources.pages.fields.${field}`)} />)}
    </Stack>
  );
};

/** The version an administrator opened: as it was, sanitised by the server when it was saved. */
const VersionView = ({ version, onClose }: { version: PageVersionDto; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid="page-version-view">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">{translate('resources.pages.history.version', { version: version.version })}</Typography>
        {version.current ? <Chip size="small" color="primary" label={translate('resources.pages.history.current')} /> : null}
        <Box sx={{ flex: 1 }} />
        <Button label="resources.pages.history.close" onClick={onClose} />
      </Stack>
      <Typography variant="subtitle1" data-testid="page-version-title">{version.title}</Typography>
      <Typography variant="body2" color="text.secondary">
        /pages/{version.slug} · {translate(`resources.pages.visibility.${version.visibility}`)}
      </Typography>
      {/* the server sanitised this HTML when the version was saved */}
      <Box sx={{ mt: 1 }} data-testid="page-version-content" dangerouslySetInnerHTML={{ __html: version.content }} />
    </Box>
  );
};

/**
 * The page's history, newest first: who changed what and when. Any version can be opened; administrators
 * restore an earlier one as the newest version, at the revision this history was read at: when the page
 * changed meanwhile the server answers 409 and the history is read again, so no later edit is undone unseen.
 * Kept live: a save anywhere reads it again.
 */
const History = () => {
  const page = useRecordContext<PageDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useHistoryProvider();
  const { permissions } = usePermissions<Permissions | null>();
  const [history, setHistory] = useState<PageHistory | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState<PageVersionDto | null>(null);
  const [pending, setPending] = useState(false);
  const id = page?.id;

  const load = useCallback(() => {
    if (id === undefined) return;
    dataProvider.pageHistory('pages', { id }).then(
      (answer) => {
        setHistory(answer);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [dataProvider, id]);
  useEffect(load, [load]);
  useLiveChanges(PAGES_COLLECTION, id === undefined ? undefined : String(id), load, PAGES_TOPIC);

  if (!page) return null;
  if (failed) return <Alert severity="error">{translate('cn.errors.generic_error')}</Alert>;
  if (!history) return null;

  const open = async (version: number) => {
    try {
      setOpened(await dataProvider.pageVersion('pages', { id: page.id, version }));
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    }
  };
  const restore = async (version: number) => {
    setPending(true);
    try {
      await dataProvider.restorePageVersion('pages', { id: page.id, version, revision: history.revision });
      notify('resources.pages.history.restored_notice', { type: 'success', messageArgs: { version } });
      setOpened(null);
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
      load();
    }
  };
  const mayRestore = history.can.restore && permissions?.administrate === true;

  return (
    <Box data-testid="page-history">
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('resources.pages.history.title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.pages.history.version_column')}</TableCell>
            <TableCell>{translate('resources.pages.history.when')}</TableCell>
            <TableCell>{translate('resources.pages.history.who')}</TableCell>
            <TableCell>{translate('resources.pages.history.what')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {history.versions.map((version) => (
            <TableRow key={version.version} data-testid={`page-version-${version.version}`}>
              <TableCell>{version.version === history.revision ? `${version.version} (${translate('resources.pages.history.current')})` : version.version}</TableCell>
              <TableCell>{new Date(version.created_at).toLocaleString()}</TableCell>
              <TableCell>
                <Author version={version} />
              </TableCell>
              <TableCell>
                <WhatChanged version={version} />
              </TableCell>
              <TableCell align="right">
                <Button label="resources.pages.history.view" onClick={() => void open(version.version)} data-testid={`page-version-view-${version.version}`}>
                  <VisibilityIcon />
                </Button>
                {mayRestore && version.version !== history.revision ? (
                  <Button label="resources.pages.history.restore" disabled={pending} onClick={() => void restore(version.version)} data-testid={`page-version-restore-${version.version}`}>
                    <RestoreIcon />
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {opened ? <VersionView version={opened} onClose={() => setOpened(null)} /> : null}
    </Box>
  );
};

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return <TopToolbar>{permissions?.administrate === true ? <EditButton /> : null}</TopToolbar>;
};

const Heading = () => {
  const page = useRecordContext<PageDto>();
  if (!page) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" data-testid="page-title">
        {page.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {page.html_url}
      </Typography>
    </Box>
  );
};

/** A page with its history (auditors read it; administrators also edit and restore). */
export const PageShow = () => (
  <Show actions={<Actions />}>
    <Box sx={{ p: 2 }}>
      <Heading />
      <History />
    </Box>
  </Show>
);

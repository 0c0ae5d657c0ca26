import type { ChannelDto } from '@cn/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { ChannelUnavailable } from './ChannelPage';
import { useChannel } from './channels-queries';

/**
 * A page that edits a part of the channel of the route's `:slug` (design, layout, a widget): its title,
 * then loading, the channel unavailable, or forbidden to whoever may not update it (the channel's own
 * `i.can.update`, the flag the server decides with); the editor only for those who may.
 */
export const ChannelEditorPage = ({ title, testId, children }: { title: string; testId: string; children: (channel: ChannelDto) => ReactNode }) => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const channel = useChannel(slug);
  usePageTitle(title);
  return (
    <section className="page" data-testid={testId}>
      <h1 className="page__title">{t(title)}</h1>
      {channel.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {channel.isError ? <ChannelUnavailable /> : null}
      {channel.isSuccess ? channel.data.i.can.update ? children(channel.data) : <div className="alert alert--error">{t('errors.forbidden')}</div> : null}
    </section>
  );
};

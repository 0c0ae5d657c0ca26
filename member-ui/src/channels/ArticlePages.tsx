import { ARTICLE_TITLE_MAX, type ArticleDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { ChannelUnavailable, channelPath } from './ChannelPage';
import { useArticle, useChannel, useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { RichEditor } from './RichEditor';
import { RichText } from './RichText';

/** /blogs/:blogId/articles/:id: an article of a channel's blog (the blog and spotlight widgets link here). */
export const ArticlePage = () => {
  const { t, i18n } = useTranslation();
  const { blogId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const article = useArticle(blogId, id);
  const commands = useChannelCommands();
  const toasts = useToasts();
  const { messageOf } = useRefusal();
  usePageTitle('channels.article.page_title', { title: article.data?.title ?? '' });
  const remove = async (data: ArticleDto) => {
    if (!window.confirm(t('channels.article.confirm_delete'))) return;
    try {
      await commands.deleteArticle.mutateAsync({ blogId, id });
      toasts.show('success', 'channels.article.deleted');
      void navigate(channelPath(data.channel.slug));
    } catch (error) {
      toasts.show('error', messageOf(errorKeyOf(error)));
    }
  };
  return (
    <article className="page article-page" data-testid="article-page">
      {article.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {article.isError ? <ChannelUnavailable /> : null}
      {article.isSuccess ? (
        <>
          <p>
            <Link to={channelPath(article.data.channel.slug)}>← {article.data.channel.title}</Link>
          </p>
          <h1 className="page__title" data-testid="article-title">
            {article.data.title}
          </h1>
          <p className="muted">
            {article.data.author ? <Link to={article.data.author.path}>{article.data.author.name}</Link> : null} · {new Date(article.data.published_at).toLocaleDateString(i18n.language)}
          </p>
          <RichText html={article.data.html_content} testId="article-body" />
          {article.data.can.update ? (
            <div className="form-actions">
              <Link className="button button--quiet" to={`/blogs/${encodeURIComponent(blogId)}/articles/${encodeURIComponent(id)}/edit`}>
                {t('channels.article.edit')}
              </Link>
              <button type="button" className="button button--quiet" onClick={() => void remove(article.data)}>
                {t('channels.article.delete')}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </article>
  );
};

const ArticleForm = ({ blogId, article }: { blogId: string; article: ArticleDto | null }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const commands = useChannelCommands();
  const toasts = useToasts();
  const refusal = useRefusal();
  const [title, setTitle] = useState(article?.title ?? '');
  const [html, setHtml] = useState(article?.html_content ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    if (!title.trim()) {
      setErrors({ 'article.title': 'errors.required' });
      return;
    }
    try {
      const saved = await commands.saveArticle.mutateAsync({ blogId, id: article?.id ?? null, request: { article: { title: title.trim(), html_content: html } } });
      toasts.show('success', 'channels.saved');
      void navigate(`/blogs/${encodeURIComponent(blogId)}/articles/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      setErrors(refusal.fieldsOf(error));
      toasts.show('error', refusal.generalOf(error));
    }
  };
  return (
    <form
      className="channel-form"
      noValidate
      data-testid="article-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor="article-title">{t('channels.article.title')}</label>
        <input id="article-title" value={title} maxLength={ARTICLE_TITLE_MAX} aria-invalid={Boolean(errors['article.title'])} onChange={(event) => setTitle(event.target.value)} />
        {errors['article.title'] ? <p className="field__error">{t(errors['article.title'])}</p> : null}
      </div>
      <div className="field">
        <span className="field-label" id="article-text-label">
          {t('channels.article.text')}
        </span>
        <RichEditor id="article-text" labelledBy="article-text-label" initial={html} onChange={setHtml} images />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={commands.saveArticle.isPending} data-testid="save-article">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={channelPath(blogId)}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /blogs/:blogId/articles/new and /blogs/:blogId/articles/:id/edit (the blog id is the channel's slug). */
export const ArticleFormPage = () => {
  const { t } = useTranslation();
  const { blogId = '', id } = useParams();
  const channel = useChannel(blogId);
  const article = useArticle(blogId, id);
  usePageTitle(id ? 'channels.article.edit_title' : 'channels.article.new_title');
  const ready = channel.isSuccess && (!id || article.isSuccess);
  return (
    <section className="page" data-testid="article-form-page">
      <h1 className="page__title">{t(id ? 'channels.article.edit_title' : 'channels.article.new_title')}</h1>
      {channel.isPending || (id && article.isPending) ? <p className="muted">{t('common.loading')}</p> : null}
      {channel.isError || article.isError ? <ChannelUnavailable /> : null}
      {ready && !channel.data.i.can.create_articles ? <div className="alert alert--error">{t('errors.forbidden')}</div> : null}
      {ready && channel.data.i.can.create_articles ? <ArticleForm key={id ?? 'new'} blogId={blogId} article={id ? (article.data ?? null) : null} /> : null}
    </section>
  );
};

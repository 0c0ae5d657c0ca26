import type { ChannelWidgetType, WidgetDto, WidgetFieldsInput, WidgetRequest } from '@cn/contracts';

/** Everything the widget form edits, for every type; the request takes what the type has. */
export interface WidgetDraft {
  type: ChannelWidgetType;
  title: string;
  hide_title: boolean;
  title_background_override: string;
  label: string;
  members: Array<{ id: string; name: string }>;
  html_content: string;
  images: Array<{ id: string; url: string; name: string }>;
  image: string | null;
  banner_background_color: string;
  banner_title_color: string;
  url: string;
  count: number;
  article_ids: string[];
  link: { url: string; title: string; description: string; image: string | null; override_description: string; open_in_new_window: boolean };
}

export const emptyDraft = (type: ChannelWidgetType): WidgetDraft => ({
  type,
  title: '',
  hide_title: false,
  title_background_override: '',
  label: '',
  members: [],
  html_content: '',
  images: [],
  image: null,
  banner_background_color: '#1976d2',
  banner_title_color: '#ffffff',
  url: '',
  count: type === 'rss' ? 4 : type === 'appointments' ? 5 : 3,
  article_ids: [],
  link: { url: '', title: '', description: '', image: null, override_description: '', open_in_new_window: true },
});

export const draftOf = (widget: WidgetDto): WidgetDraft => {
  const draft: WidgetDraft = {
    ...emptyDraft(widget.type),
    title: widget.title,
    hide_title: widget.hide_title,
    title_background_override: widget.title_background_override ? `#${widget.title_background_override}` : '',
    label: widget.label,
  };
  switch (widget.type) {
    case 'people':
      return { ...draft, members: widget.member_ids.map((id) => ({ id, name: widget.memberships?.find((member) => member.id === id)?.name ?? id })) };
    case 'text':
      return { ...draft, html_content: widget.html_content };
    case 'images':
      return { ...draft, images: widget.images };
    case 'banner':
      return { ...draft, image: widget.image, banner_background_color: `#${widget.banner_background_color}`, banner_title_color: `#${widget.banner_title_color}` };
    case 'rss':
      return { ...draft, url: widget.url, count: widget.count };
    case 'blog':
    case 'appointments':
      return { ...draft, count: widget.count };
    case 'spotlight':
      return { ...draft, article_ids: widget.article_ids };
    case 'link':
      return {
        ...draft,
        link: {
          url: widget.link.url,
          title: widget.link.title,
          description: widget.link.description,
          image: widget.link.override_image ?? widget.link.selected_image,
          override_description: widget.link.override_description,
          open_in_new_window: widget.link.open_in_new_window,
        },
      };
  }
};

/** the request body of a draft: the common fields and those of its type */
export const requestOf = (draft: WidgetDraft): WidgetRequest => {
  const common = { title: draft.title, hide_title: draft.hide_title, title_background_override: draft.title_background_override, label: draft.label };
  const fields = ((): WidgetFieldsInput => {
    switch (draft.type) {
      case 'people':
        return { type: 'people', ...common, member_ids: draft.members.map((member) => member.id) };
      case 'text':
        return { type: 'text', ...common, html_content: draft.html_content };
      case 'images':
        return { type: 'images', ...common, images: draft.images };
      case 'banner':
        return { type: 'banner', ...common, image: draft.image, banner_background_color: draft.banner_background_color, banner_title_color: draft.banner_title_color };
      case 'rss':
        return { type: 'rss', ...common, url: draft.url, count: draft.count };
      case 'blog':
        return { type: 'blog', ...common, count: draft.count };
      case 'appointments':
        return { type: 'appointments', ...common, count: draft.count };
      case 'spotlight':
        return { type: 'spotlight', ...common, article_ids: draft.article_ids };
      case 'link':
        return {
          type: 'link',
          ...common,
          link: {
            url: draft.link.url,
            title: draft.link.title,
            description: draft.link.description,
            selected_image: draft.link.image,
            override_description: draft.link.override_description,
            open_in_new_window: draft.link.open_in_new_window,
          },
        };
    }
  })();
  return { widget: fields };
};

import type { ChannelEvent, ChannelViewer, StoredWidget } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { channelDecider, type ChannelCommand, type CreateChannel } from './channel.decider';

const viewer = (memberId: string, overrides: Partial<ChannelViewer> = {}): ChannelViewer => ({ member_id: memberId, network_admin: false, external: false, ...overrides });
const admin = viewer('admin', { network_admin: true });
const member = viewer('member');
const guest = viewer('guest', { external: true });
const spec = deciderSpecification(channelDecider);

const create = (overrides: Partial<CreateChannel> = {}): CreateChannel => ({
  type: 'CreateChannel',
  channel_id: 'garden',
  title: 'Garden',
  description: '',
  channel_status: 'active',
  viewer: admin,
  may_create: true,
  ...overrides,
});
const created = (status: 'active' | 'draft' | 'archived' = 'active', author = 'admin'): ChannelEvent => ({
  type: 'ChannelCreated',
  data: { channel_id: 'garden', slug: 'garden', title: 'Garden', description: '', status, author_id: author, blog_id: 'garden' },
});
const text: StoredWidget = { id: 'w1', type: 'text', title: 'Hello', hide_title: false, title_background_override: '', label: '', html_content: '<p>x</p>' };
const added: ChannelEvent[] = [
  { type: 'ChannelWidgetAdded', data: { channel_id: 'garden', widget: text } },
  { type: 'ChannelLayoutChanged', data: { channel_id: 'garden', rows: [{ layout: 'full', widgets: ['w1'] }] } },
];
const refusal = (given: ChannelEvent[], command: ChannelCommand) => refusalOf(() => spec.decide(given, command));

describe('channels', () => {
  it('creates a channel for who may create channels, once per slug', () => {
    expect(spec.decide([], create())).toEqual([created()]);
    expect(refusal([], create({ may_create: false, viewer: member }))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(refusal([created()], create())).toMatchObject({ key: 'slug_taken', kind: 'conflict', field: 'channel.slug' });
  });

  it('updates title, description and status by who may update; nothing when nothing changed', () => {
    const update = (v: ChannelViewer, status: 'active' | 'archived' = 'archived'): ChannelCommand => ({ type: 'UpdateChannel', title: 'Garden', description: 'd', channel_status: status, viewer: v });
    expect(spec.decide([created()], update(admin))).toEqual([
      { type: 'ChannelUpdated', data: { channel_id: 'garden', title: 'Garden', description: 'd', status: 'archived', changed_fields: ['description', 'status'] } },
    ]);
    expect(spec.decide([created()], { type: 'UpdateChannel', title: 'Garden', description: '', channel_status: 'active', viewer: admin })).toEqual([]);
    expect(refusal([created()], update(member))).toMatchObject({ kind: 'forbidden' });
    // the author updates their own channel, unless they are external
    expect(spec.decide([created('active', 'member')], update(member))).toHaveLength(1);
    expect(refusal([created('active', 'guest')], update(guest))).toMatchObject({ kind: 'forbidden' });
    expect(refusal([], update(admin))).toMatchObject({ kind: 'not_found' });
  });

  it('hides draft and archived channels from who cannot update them', () => {
    for (const status of ['draft', 'archived'] as const) {
      expect(refusal([created(status)], { type: 'SetSubscription', subscribed: true, viewer: member })).toMatchObject({ kind: 'not_found' });
      expect(refusal([created(status)], { type: 'UpdateChannel', title: 'x', description: '', channel_status: 'active', viewer: member })).toMatchObject({ kind: 'not_found' });
      expect(spec.decide([created(status)], { type: 'SetSubscription', subscribed: true, viewer: admin })).toHaveLength(1);
    }
  });

  it('changes the design and the layout; the layout names known widgets once', () => {
    const design = { logo_type: 'extended' as const, banner_type: 'color' as const, banner_color: '00796b', banner_image: null, logo_image: null };
    expect(spec.decide([created()], { type: 'ChangeChannelDesign', design, viewer: admin })).toEqual([{ type: 'ChannelDesignChanged', data: { channel_id: 'garden', design } }]);
    expect(refusal([created()], { type: 'ChangeChannelDesign', design, viewer: member })).toMatchObject({ kind: 'forbidden' });
    const rows = [{ layout: 'half-1-2' as const, widgets: [null, 'w1'] }];
    expect(spec.decide([created(), ...added], { type: 'ChangeChannelLayout', rows, viewer: admin })).toEqual([{ type: 'ChannelLayoutChanged', data: { channel_id: 'garden', rows } }]);
    expect(refusal([created(), ...added], { type: 'ChangeChannelLayout', rows: [{ layout: 'full', widgets: ['nope'] }], viewer: admin })).toMatchObject({
      key: 'unknown_widget',
      kind: 'invalid',
      field: 'rows.0.widgets.0',
    });
    expect(
      refusal([created(), ...added], { type: 'ChangeChannelLayout', rows: [{ layout: 'full', widgets: ['w1'] }, { layout: 'full', widgets: ['w1'] }], viewer: admin }),
    ).toMatchObject({ key: 'duplicate_widget', field: 'rows.1.widgets.0' });
  });

  it('adds a widget in a new full row, updates it keeping its type, removes it from its cell', () => {
    expect(spec.decide([created()], { type: 'AddWidget', widget: text, viewer: admin })).toEqual(added);
    expect(refusal([created()], { type: 'AddWidget', widget: text, viewer: member })).toMatchObject({ kind: 'forbidden' });
    expect(spec.decide([created(), ...added], { type: 'UpdateWidget', widget: { ...text, title: 'New' }, viewer: admin })).toEqual([
      { type: 'ChannelWidgetUpdated', data: { channel_id: 'garden', widget: { ...text, title: 'New' } } },
    ]);
    expect(refusal([created(), ...added], { type: 'UpdateWidget', widget: { ...text, type: 'blog', count: 3 } as StoredWidget, viewer: admin })).toMatchObject({
      key: 'type_unchangeable',
      field: 'widget.type',
    });
    expect(refusal([created()], { type: 'UpdateWidget', widget: text, viewer: admin })).toMatchObject({ kind: 'not_found' });
    expect(spec.decide([created(), ...added], { type: 'RemoveWidget', widget_id: 'w1', viewer: admin })).toEqual([
      { type: 'ChannelWidgetRemoved', data: { channel_id: 'garden', widget_id: 'w1' } },
      { type: 'ChannelLayoutChanged', data: { channel_id: 'garden', rows: [] } },
    ]);
    const spotlight: StoredWidget = { id: 'w2', type: 'spotlight', title: '', hide_title: false, title_background_override: '', label: 'Top', article_ids: ['a1'] };
    expect(refusal([created()], { type: 'AddWidget', widget: spotlight, viewer: admin })).toMatchObject({ key: 'unknown_article', field: 'widget.article_ids.0' });
  });

  it('assigns subscriptions by an administrator: the events of a subscribe by the member, only the missing ones, only to active channels', () => {
    const subscribed = (memberId: string): ChannelEvent => ({ type: 'ChannelSubscribed', data: { channel_id: 'garden', member_id: memberId } });
    const assign = (v: ChannelViewer): ChannelCommand => ({ type: 'AssignSubscriptions', member_ids: ['a', 'b', 'a', 'c'], viewer: v });
    expect(spec.decide([created(), subscribed('b')], assign(admin))).toEqual([subscribed('a'), subscribed('c')]);
    expect(spec.decide([created(), subscribed('a'), subscribed('b'), subscribed('c')], assign(admin))).toEqual([]);
    expect(refusal([created()], assign(member))).toMatchObject({ kind: 'forbidden' });
    expect(refusal([], assign(admin))).toMatchObject({ kind: 'not_found' });
    for (const status of ['draft', 'archived'] as const) expect(refusal([created(status)], assign(admin))).toMatchObject({ kind: 'not_found' });
  });

  it('subscribes and unsubscribes idempotently, and stars per member', () => {
    const subscribed: ChannelEvent = { type: 'ChannelSubscribed', data: { channel_id: 'garden', member_id: 'member' } };
    expect(spec.decide([created()], { type: 'SetSubscription', subscribed: true, viewer: member })).toEqual([subscribed]);
    expect(spec.decide([created(), subscribed], { type: 'SetSubscription', subscribed: true, viewer: member })).toEqual([]);
    expect(spec.decide([created(), subscribed], { type: 'SetSubscription', subscribed: false, viewer: member })).toEqual([
      { type: 'ChannelUnsubscribed', data: { channel_id: 'garden', member_id: 'member' } },
    ]);
    expect(spec.decide([created()], { type: 'SetSubscription', subscribed: false, viewer: member })).toEqual([]);
    expect(spec.decide([created()], { type: 'SetSubscription', subscribed: true, viewer: guest })).toHaveLength(1);
    const starred: ChannelEvent = { type: 'ChannelFavorited', data: { channel_id: 'garden', member_id: 'member' } };
    expect(spec.decide([created()], { type: 'SetFavorite', favorited: true, viewer: member })).toEqual([starred]);
    expect(spec.decide([created(), starred], { type: 'SetFavorite', favorited: true, viewer: member })).toEqual([]);
    expect(spec.decide([created(), starred], { type: 'SetFavorite', favorited: false, viewer: member })).toEqual([
      { type: 'ChannelUnfavorited', data: { channel_id: 'garden', member_id: 'member' } },
    ]);
  });

  it('publishes, updates and deletes articles of the channel blog by who may update the channel', () => {
    const published: ChannelEvent = {
      type: 'ArticlePublished',
      data: { channel_id: 'garden', blog_id: 'garden', article_id: 'a1', title: 'T', html_content: '<p>x</p>', author_id: 'admin' },
    };
    expect(spec.decide([created()], { type: 'PublishArticle', article_id: 'a1', title: 'T', html_content: '<p>x</p>', viewer: admin })).toEqual([published]);
    expect(refusal([created()], { type: 'PublishArticle', article_id: 'a1', title: 'T', html_content: '', viewer: member })).toMatchObject({ kind: 'forbidden' });
    expect(spec.decide([created(), published], { type: 'UpdateArticle', article_id: 'a1', title: 'U', html_content: '', viewer: admin })).toEqual([
      { type: 'ArticleUpdated', data: { channel_id: 'garden', blog_id: 'garden', article_id: 'a1', title: 'U', html_content: '' } },
    ]);
    expect(refusal([created()], { type: 'UpdateArticle', article_id: 'a1', title: 'U', html_content: '', viewer: admin })).toMatchObject({ kind: 'not_found' });
    const deleted = spec.decide([created(), published], { type: 'DeleteArticle', article_id: 'a1', viewer: admin });
    expect(deleted).toEqual([{ type: 'ArticleDeleted', data: { channel_id: 'garden', blog_id: 'garden', article_id: 'a1' } }]);
    expect(refusal([created(), published, ...deleted], { type: 'DeleteArticle', article_id: 'a1', viewer: admin })).toMatchObject({ kind: 'not_found' });
  });
  it('records a picture uploaded by who may update; widgets and the design name only the channel\'s own uploads', () => {
    const image = { blob_key: 'b', content_type: 'image/jpeg' as const, size: 3 };
    const id = '11111111-2222-4333-8444-555555555555';
    const uploaded: ChannelEvent = { type: 'ChannelImageUploaded', data: { channel_id: 'garden', image_id: id, ...image } };
    expect(spec.decide([created()], { type: 'UploadChannelImage', image_id: id, image, viewer: admin })).toEqual([uploaded]);
    expect(refusal([created()], { type: 'UploadChannelImage', image_id: id, image, viewer: member })).toMatchObject({ kind: 'forbidden' });
    expect(refusal([created('draft')], { type: 'UploadChannelImage', image_id: id, image, viewer: member })).toMatchObject({ kind: 'not_found' });
    expect(refusal([created(), uploaded], { type: 'UploadChannelImage', image_id: id, image, viewer: admin })).toMatchObject({ kind: 'conflict' });

    const images = (url: string): StoredWidget => ({ id: 'w2', type: 'images', title: '', hide_title: false, title_background_override: '', label: '', images: [{ id: 'p', url, name: '' }] });
    const own = `/api/v1/channels/garden/images/${id}`;
    expect(spec.decide([created(), uploaded], { type: 'AddWidget', widget: images(own), viewer: admin })).toHaveLength(2);
    // an inline picture or an address is not an upload and needs none
    expect(spec.decide([created()], { type: 'AddWidget', widget: images('https://example.org/a.png'), viewer: admin })).toHaveLength(2);
    expect(refusal([created()], { type: 'AddWidget', widget: images(own), viewer: admin })).toMatchObject({ key: 'unknown_image', field: 'widget.images.0.url' });
    expect(refusal([created(), uploaded], { type: 'AddWidget', widget: images(`/api/v1/channels/other/images/${id}`), viewer: admin })).toMatchObject({ key: 'unknown_image' });
    const design = (logo: string | null) => ({ type: 'ChangeChannelDesign' as const, design: { logo_type: 'default' as const, banner_type: 'color' as const, banner_color: '1976d2', banner_image: null, logo_image: logo }, viewer: admin });
    expect(spec.decide([created(), uploaded], design(own))).toHaveLength(1);
    expect(refusal([created()], design(own))).toMatchObject({ key: 'unknown_image', field: 'design.logo_image' });
  });
});

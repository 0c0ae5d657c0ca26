import { channelStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { channelArticlesProjection, channelsProjection } from './channels.projection';

const on = { streamId: channelStream('garden'), memberId: 'admin' };
const text = { id: 'w1', type: 'text', title: '', hide_title: false, title_background_override: '', label: '', html_content: '<p>x</p><script>y</script>' };
const events = [
  recorded('ChannelCreated', { channel_id: 'garden', slug: 'garden', title: 'Garden', description: '', status: 'draft', author_id: 'admin', blog_id: 'garden' }, on),
  recorded('ChannelWidgetAdded', { channel_id: 'garden', widget: text }, on),
  recorded('ChannelLayoutChanged', { channel_id: 'garden', rows: [{ layout: 'full', widgets: ['w1'] }] }, on),
  recorded('ChannelSubscribed', { channel_id: 'garden', member_id: 'alice' }, { ...on, memberId: 'alice' }),
  recorded('ChannelSubscribed', { channel_id: 'garden', member_id: 'bob' }, { ...on, memberId: 'bob' }),
  recorded('ChannelUnsubscribed', { channel_id: 'garden', member_id: 'alice' }, { ...on, memberId: 'alice' }),
  recorded('ChannelFavorited', { channel_id: 'garden', member_id: 'bob' }, { ...on, memberId: 'bob' }),
  recorded('ChannelUpdated', { channel_id: 'garden', title: 'Gardens', description: 'd', status: 'active', changed_fields: ['title', 'description', 'status'] }, on),
];

describe('channels projection', () => {
  it('builds the channel: fields, widgets (rich text sanitised again), rows, subscribers and stars', () => {
    expect(project(channelsProjection, events, 'garden')).toMatchObject({
      title: 'Gardens',
      status: 'active',
      widgets: [{ id: 'w1', html_content: '<p>x</p>' }],
      rows: [{ layout: 'full', widgets: ['w1'] }],
      subscriber_ids: ['bob'],
      subscribers_count: 1,
      favorite_ids: ['bob'],
    });
  });

  it('changes nothing when events are applied twice; a subscription counts once', () => {
    const once = project(channelsProjection, events, 'garden');
    expect(projectEachTwice(channelsProjection, events, 'garden')).toEqual(once);
    expect(project(channelsProjection, [...events, recorded('ChannelSubscribed', { channel_id: 'garden', member_id: 'bob' }, on)], 'garden')).toMatchObject({ subscribers_count: 1 });
  });

  it('keeps articles with a teaser and removes a deleted one', () => {
    const ids = { channel_id: 'garden', blog_id: 'garden', article_id: 'a1' };
    const published = recorded('ArticlePublished', { ...ids, title: 'Spring', html_content: '<p>Sow <a href="javascript:x">now</a></p>', author_id: 'admin' }, on);
    const doc = project(channelArticlesProjection, [published], 'a1');
    expect(doc).toMatchObject({ title: 'Spring', html_content: '<p>Sow <a>now</a></p>', teaser: 'Sow now' });
    expect(project(channelArticlesProjection, [published, recorded('ArticleDeleted', ids, on)], 'a1')).toBeNull();
  });
});

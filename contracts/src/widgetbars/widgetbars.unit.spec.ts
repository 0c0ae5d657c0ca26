import type { z } from 'zod';
import { defaultWidget, widgetBarRequestSchema, GROUP_INFO_DEFAULT_CONTENT } from './widgetbars';
import { widgetAllowedIn, withAllOption, NETWORK_WIDGETBAR_SCOPE } from './widgetbar-constants';

/** the issues as the API names them (field path, key): an unknown property at its own path */
const fieldErrorsOf = (error: z.ZodError) =>
  error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), key: 'unknown_field' })) : [{ field: issue.path.join('.'), key: issue.message }],
  );

const parse = (widgets: unknown[], revision: unknown = 0) => widgetBarRequestSchema.safeParse({ widgetbar: { widgets }, revision });

describe('widget bar model', () => {
  it('gives every widget type its defaults', () => {
    expect(widgetBarRequestSchema.parse({ widgetbar: { widgets: [{ type: 'rss' }] }, revision: 0 }).widgetbar.widgets[0]?.properties).toEqual({ url: '', count: 12 });
    expect(defaultWidget('admin_members').properties).toEqual({ headline: '', profile_fields: [] });
    expect(defaultWidget('appointments').properties).toEqual({ headline: '', scope: 'personal', additional_calendar_ids: [], count: 10 });
    expect(defaultWidget('birthday').properties).toEqual({ count: 5, show_age: false, profile_fields: [] });
    expect(defaultWidget('group_info').properties).toEqual({ content: GROUP_INFO_DEFAULT_CONTENT, renderer: 'markdown' });
    expect(defaultWidget('newest_members').properties).toEqual({ count: 5 });
    expect(defaultWidget('online_members').properties).toEqual({ count: 5 });
    expect(defaultWidget('rss').properties).toEqual({ url: '', count: 12 });
    expect(defaultWidget('speed_dial').properties).toEqual({ count: 15 });
    expect(defaultWidget('text').properties).toEqual({ content: '', renderer: 'markdown' });
  });

  it('takes a count only as an integer from 0', () => {
    expect(parse([{ type: 'newest_members', properties: { count: 0 } }]).success).toBe(true);
    const negative = parse([{ type: 'newest_members', properties: { count: -1 } }]);
    expect(negative.success || fieldErrorsOf(negative.error)).toEqual([{ field: 'widgetbar.widgets.0.properties.count', key: 'too_small' }]);
    const fraction = parse([{ type: 'text' }, { type: 'online_members', properties: { count: 1.5 } }]);
    expect(fraction.success || fieldErrorsOf(fraction.error)).toEqual([{ field: 'widgetbar.widgets.1.properties.count', key: 'invalid_type' }]);
    const text = parse([{ type: 'online_members', properties: { count: '3' } }]);
    expect(text.success || fieldErrorsOf(text.error)).toEqual([{ field: 'widgetbar.widgets.0.properties.count', key: 'invalid_type' }]);
  });

  it('names unknown types, renderers, properties and bad addresses by field', () => {
    const answer = parse([
      { type: 'clock' },
      { type: 'text', properties: { renderer: 'html' } },
      { type: 'rss', properties: { url: 'javascript:alert(1)' } },
      { type: 'birthday', properties: { show_age: 'yes' } },
      { type: 'speed_dial', properties: { colour: 'red' } },
    ]);
    expect(answer.success || fieldErrorsOf(answer.error)).toEqual([
      { field: 'widgetbar.widgets.0.type', key: 'invalid_value' },
      { field: 'widgetbar.widgets.1.properties.renderer', key: 'invalid_value' },
      { field: 'widgetbar.widgets.2.properties.url', key: 'invalid_format' },
      { field: 'widgetbar.widgets.3.properties.show_age', key: 'invalid_type' },
      { field: 'widgetbar.widgets.4.properties.colour', key: 'unknown_field' },
    ]);
  });

  it("keeps only 'all' when it was chosen last, else drops it", () => {
    expect(withAllOption(['email', 'phone', 'all'])).toEqual(['all']);
    expect(withAllOption(['all', 'email'])).toEqual(['email']);
    expect(withAllOption(['email', 'phone'])).toEqual(['email', 'phone']);
    const parsed = parse([{ type: 'birthday', properties: { profile_fields: ['city', 'all'] } }]);
    expect(parsed.success && parsed.data.widgetbar.widgets[0]?.properties).toMatchObject({ profile_fields: ['all'] });
  });

  it('allows group_info only in group bars', () => {
    expect(widgetAllowedIn('group_info', NETWORK_WIDGETBAR_SCOPE)).toBe(false);
    expect(widgetAllowedIn('group_info', 'a-group-id')).toBe(true);
    expect(widgetAllowedIn('text', NETWORK_WIDGETBAR_SCOPE)).toBe(true);
  });
});

import { countValue, editWidgetBar, paletteFor, type WidgetBarDraft } from './widgetbar-editing';
import { defaultWidget } from './widgetbars';

const empty: WidgetBarDraft = { widgets: [], selected: null };

describe('widget bar editor', () => {
  it('adds a widget with its defaults where it is dropped and selects it', () => {
    const one = editWidgetBar(empty, { type: 'add', widget: 'text' });
    const two = editWidgetBar(one, { type: 'add', widget: 'birthday', at: 0 });
    expect(two.widgets.map((widget) => widget.type)).toEqual(['birthday', 'text']);
    expect(two.widgets[0]).toEqual(defaultWidget('birthday'));
    expect(two.widgets[0]?.properties).toEqual({ count: 5, show_age: false, profile_fields: [] });
    expect(two.selected).toBe(0);
  });

  it('moves, selects and removes, keeping the selection on the same widget', () => {
    let draft = empty;
    for (const type of ['text', 'rss', 'speed_dial'] as const) draft = editWidgetBar(draft, { type: 'add', widget: type });
    draft = editWidgetBar(draft, { type: 'move', from: 0, to: 2 });
    expect(draft.widgets.map((widget) => widget.type)).toEqual(['rss', 'speed_dial', 'text']);
    expect(draft.selected).toBe(2);
    draft = editWidgetBar(draft, { type: 'remove', index: 0 });
    expect(draft.widgets.map((widget) => widget.type)).toEqual(['speed_dial', 'text']);
    expect(draft.selected).toBe(1);
    draft = editWidgetBar(draft, { type: 'remove', index: 1 });
    expect(draft.selected).toBeNull();
  });

  it("edits properties: counts as integers, the 'all' option rule on choices", () => {
    let draft = editWidgetBar(empty, { type: 'add', widget: 'appointments' });
    draft = editWidgetBar(draft, { type: 'set', index: 0, property: 'count', value: countValue('7') });
    draft = editWidgetBar(draft, { type: 'set', index: 0, property: 'additional_calendar_ids', value: ['c1', 'all'] });
    expect(draft.widgets[0]?.properties).toMatchObject({ count: 7, additional_calendar_ids: ['all'] });
    draft = editWidgetBar(draft, { type: 'set', index: 0, property: 'additional_calendar_ids', value: ['all', 'c2'] });
    expect(draft.widgets[0]?.properties).toMatchObject({ additional_calendar_ids: ['c2'] });
    expect(countValue('-1')).toBe('-1');
    expect(countValue('2.5')).toBe('2.5');
  });

  it('offers group_info only in group bars', () => {
    expect(paletteFor(false)).not.toContain('group_info');
    expect(paletteFor(true)).toContain('group_info');
  });
});

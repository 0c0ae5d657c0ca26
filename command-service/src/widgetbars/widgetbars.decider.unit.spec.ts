import { defaultWidget, NETWORK_WIDGETBAR_SCOPE, type WidgetBarEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { widgetBarDecider, type WidgetBarCommand } from './widgetbars.decider';

const text = { type: 'text' as const, properties: { content: 'Hello', renderer: 'markdown' as const } };
const save = (overrides: Partial<WidgetBarCommand> = {}): WidgetBarCommand => ({
  type: 'SaveWidgetBar',
  scope: NETWORK_WIDGETBAR_SCOPE,
  slug: 'dashboard',
  widgets: [text],
  revision: 0,
  may_edit: true,
  ...overrides,
});
const saved = (widgets: WidgetBarCommand['widgets'], scope = NETWORK_WIDGETBAR_SCOPE): WidgetBarEvent => ({ type: 'WidgetBarSaved', data: { scope, slug: 'dashboard', widgets } });

describe('widgetBarDecider', () => {
  const spec = deciderSpecification(widgetBarDecider);

  it('saves the widgets in order at the revision the editor read', () => {
    spec.given([]).when(save()).then([saved([text])]);
    spec.given([saved([text])]).when(save({ revision: 1, widgets: [] })).then([saved([])]);
  });

  it('refuses a save made on an older revision as a conflict', () => {
    expect(spec.given([saved([text])]).when(save({ revision: 0 })).thenRefused('concurrency_conflict').kind).toBe('conflict');
  });

  it('refuses whoever may not edit the bar', () => {
    expect(spec.given([]).when(save({ may_edit: false })).thenRefused('forbidden').kind).toBe('forbidden');
  });

  it('keeps group_info to group bars, naming the widget', () => {
    const groupInfo = defaultWidget('group_info');
    const refused = spec.given([]).when(save({ widgets: [text, groupInfo] })).thenRefused('widget_only_in_groups');
    expect([refused.kind, refused.field]).toEqual(['invalid', 'widgetbar.widgets.1.type']);
    spec.given([]).when(save({ scope: 'group-1', widgets: [groupInfo] })).then([saved([groupInfo], 'group-1')]);
  });
});

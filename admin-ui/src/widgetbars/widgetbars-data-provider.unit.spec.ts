import { widgetBarBodyOf } from './widgetbars-data-provider';

describe('widget bars data provider', () => {
  it('sends the widgets in order with the revision read', () => {
    expect(widgetBarBodyOf([{ type: 'text', properties: { content: 'Hi', renderer: 'markdown' } }], 4)).toEqual({
      widgetbar: { widgets: [{ type: 'text', properties: { content: 'Hi', renderer: 'markdown' } }] },
      revision: 4,
    });
  });
});

// The widget bar editor's steps, the same in both consoles (the network's bars in the admin console, a
// group's in the member console): pure, so each console's spec checks the rules it shows.
import { NETWORK_WIDGET_TYPES, WIDGET_TYPES, withAllOption, type WidgetTypeName } from './widgetbar-constants';
import { defaultWidget, type Widget } from './widgetbars';

/** The editor's state: the bar's widgets in order and the one selected for editing. */
export interface WidgetBarDraft {
  widgets: Widget[];
  selected: number | null;
}

export type WidgetBarEdit =
  | { type: 'add'; widget: WidgetTypeName; at?: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'select'; index: number | null }
  | { type: 'remove'; index: number }
  | { type: 'set'; index: number; property: string; value: unknown }
  | { type: 'load'; widgets: Widget[] };

/** the types a bar may take: group_info only in group bars */
export const paletteFor = (groupBar: boolean): readonly WidgetTypeName[] => (groupBar ? WIDGET_TYPES : NETWORK_WIDGET_TYPES);

const clampIndex = (index: number, length: number): number => Math.max(0, Math.min(index, length));

/** a count field's value as the API takes it: an integer from 0 (else the text stays for the server to refuse) */
export const countValue = (raw: string): number | string => (/^\d+$/.test(raw.trim()) ? Number.parseInt(raw.trim(), 10) : raw);

export const editWidgetBar = (draft: WidgetBarDraft, edit: WidgetBarEdit): WidgetBarDraft => {
  switch (edit.type) {
    case 'load':
      return { widgets: edit.widgets, selected: null };
    case 'add': {
      const at = clampIndex(edit.at ?? draft.widgets.length, draft.widgets.length);
      const widgets = [...draft.widgets];
      widgets.splice(at, 0, defaultWidget(edit.widget));
      return { widgets, selected: at };
    }
    case 'move': {
      if (edit.from < 0 || edit.from >= draft.widgets.length) return draft;
      const to = clampIndex(edit.to, draft.widgets.length - 1);
      const widgets = [...draft.widgets];
      const [moved] = widgets.splice(edit.from, 1);
      if (!moved) return draft;
      widgets.splice(to, 0, moved);
      return { widgets, selected: to };
    }
    case 'select':
      return { ...draft, selected: edit.index };
    case 'remove': {
      const widgets = draft.widgets.filter((_, index) => index !== edit.index);
      const selected = draft.selected === null || draft.selected === edit.index ? null : draft.selected > edit.index ? draft.selected - 1 : draft.selected;
      return { widgets, selected };
    }
    case 'set': {
      const widgets = draft.widgets.map((widget, index) => {
        if (index !== edit.index) return widget;
        const value = Array.isArray(edit.value) ? withAllOption(edit.value.map(String)) : edit.value;
        return { ...widget, properties: { ...widget.properties, [edit.property]: value } } as Widget;
      });
      return { ...draft, widgets };
    }
    default: {
      const unknownEdit: never = edit;
      return unknownEdit;
    }
  }
};

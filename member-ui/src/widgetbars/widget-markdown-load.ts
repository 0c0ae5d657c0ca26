import type { ResolvedWidgetBarResponse } from '@cn/contracts';
// a type only: the module itself stays its own chunk, loaded below
import type { WidgetMarkdown } from './widget-markdown';

interface WidgetMarkdownModule {
  WidgetMarkdown: typeof WidgetMarkdown;
}

let loaded: WidgetMarkdownModule | undefined;

/** markdown-it's chunk (widget-markdown.tsx): the widget bar's lazy text widget and the start page's read ahead ask for the same module */
export const loadWidgetMarkdown = (): Promise<WidgetMarkdownModule> =>
  import('./widget-markdown').then((module) => {
    loaded = module;
    return module;
  });

/**
 * The module once it is in: the bar then draws the text in the same render, instead of suspending on the lazy
 * component (React holds a revealed Suspense boundary back for up to 300 ms after its fallback was shown).
 */
export const loadedWidgetMarkdown = (): WidgetMarkdownModule | undefined => loaded;

/**
 * A bar holding a markdown text has markdown-it's chunk asked for as soon as its answer is in, beside the
 * console's chunks (main.tsx reads the start page's bar ahead), instead of only when the first render reaches
 * the text: the welcome text of the dashboard bar, often the start page's largest paint, then follows the first
 * render at once rather than one more round trip later. A bar without one loads no markdown-it.
 */
export const preloadWidgetMarkdown = (bar: ResolvedWidgetBarResponse): void => {
  if (bar.widgets.some((widget) => widget.data.kind === 'markdown')) void loadWidgetMarkdown();
};

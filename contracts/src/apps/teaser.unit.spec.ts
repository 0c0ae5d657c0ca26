import { plainTeaserTemplate, renderTeaser, TEASER_MAX, teaserPlaceholderNames, teaserPlaceholders, teaserTemplateRequestSchema } from './teaser';
import { propertyDefinition } from './properties';

describe('the activity teaser template', () => {
  it('stores a template as text: tags removed, whitespace collapsed', () => {
    expect(plainTeaserTemplate('<b>New</b> in <script>x</script>{{app}}\n\n: {{title}}')).not.toMatch(/<|>/);
    expect(teaserTemplateRequestSchema.parse({ teaser_template: '<p>New:   {{title}}</p>' }).teaser_template).toBe('New: {{title}}');
    expect(teaserTemplateRequestSchema.safeParse({ teaser_template: 'x'.repeat(501) }).success).toBe(false);
  });

  it('names its placeholders once each, and offers the app and the properties shown as text', () => {
    expect(teaserPlaceholders('{{app}} {{ title }} {{title}} {{ nope')).toEqual(['app', 'title']);
    const properties = [
      propertyDefinition({ id: 'p1', name: 'title', label: 'Title', type: 'text' }),
      propertyDefinition({ id: 'p2', name: 'owner', label: 'Owner', type: 'membership' }),
    ];
    expect(teaserPlaceholderNames(properties)).toEqual(['app', 'title']);
  });

  it('renders values as text (never markup), unknown placeholders empty, cut to one line of TEASER_MAX', () => {
    expect(renderTeaser('New in {{app}}: {{title}} {{missing}}', { app: 'Ideas', title: '<img src=x onerror=alert(1)>Garden <b>party</b>' })).toBe('New in Ideas: Garden party');
    const long = renderTeaser('{{title}}', { title: 'word '.repeat(200) });
    expect(long.length).toBe(TEASER_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

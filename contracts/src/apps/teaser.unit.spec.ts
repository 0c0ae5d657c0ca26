import { composeTeaser, erasedMemberName, erasedMemberNameIn, plainTeaserTemplate, renderTeaser, renderTemplateParts, TEASER_MAX, templateMemberIds, teaserPlaceholderNames, teaserPlaceholders, teaserTemplateRequestSchema } from './teaser';
import { emailIntegrationErrors, emailIntegrationsRequestSchema, matchingEmailIntegrations, type EmailIntegration } from './email-integrations';
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
    expect(teaserPlaceholderNames(properties)).toEqual(['app', 'title', 'owner']);
  });

  it('renders values as text (never markup), unknown placeholders empty, cut to one line of TEASER_MAX', () => {
    expect(renderTeaser('New in {{app}}: {{title}} {{missing}}', { app: 'Ideas', title: '<img src=x onerror=alert(1)>Garden <b>party</b>' })).toBe('New in Ideas: Garden party');
    const long = renderTeaser('{{title}}', { title: 'word '.repeat(200) });
    expect(long.length).toBe(TEASER_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps the members a membership placeholder names as ids, put in by name when composed (an erased one by the fallback)', () => {
    const parts = renderTemplateParts('{{title}} for {{owner}}: {{ owner }}{{nobody}}', { title: '<b>Sweep</b>' }, { owner: ['m1', 'gone'], nobody: [] });
    expect(parts).toEqual([{ text: 'Sweep for ' }, { members: ['m1', 'gone'] }, { text: ': ' }, { members: ['m1', 'gone'] }]);
    expect(templateMemberIds(parts)).toEqual(['m1', 'gone']);
    const names: Record<string, string> = { m1: 'Max Member' };
    expect(composeTeaser(parts, (id) => names[id] ?? erasedMemberName('de'))).toBe('Sweep for Max Member, Gelöschtes Mitglied: Max Member, Gelöschtes Mitglied');
    // a text value that looks like a placeholder stays text
    expect(composeTeaser(renderTemplateParts('{{title}}', { title: '{{owner}}' }, { owner: ['m1'] }), () => 'Max')).toBe('{{owner}}');
    expect(['de', 'de_DU', 'en', 'es', 'fr', 'xx'].map(erasedMemberName)).toEqual(['Gelöschtes Mitglied', 'Gelöschtes Mitglied', 'Deleted member', 'Miembro eliminado', 'Membre supprimé', 'Deleted member']);
  });

  it("names an erased member by the network's anonymous name while it anonymizes memberships, else by its language's word", () => {
    const settings = (anonymize_memberships_config: 'enabled' | 'after_days' | 'disabled', anonymize_memberships_name: string) => ({ basic: { language: 'de' }, member: { anonymize_memberships_config, anonymize_memberships_name } });
    expect(erasedMemberNameIn(settings('enabled', 'Anonym'))).toBe('Anonym');
    expect(erasedMemberNameIn(settings('after_days', ' Ehemalig '))).toBe('Ehemalig');
    expect(erasedMemberNameIn(settings('disabled', 'Anonym'))).toBe('Gelöschtes Mitglied');
    // anonymizing without a name set keeps the language's word rather than showing nothing
    expect(erasedMemberNameIn(settings('enabled', '  '))).toBe('Gelöschtes Mitglied');
  });
});

describe('the email integrations', () => {
  const properties = [
    propertyDefinition({ id: 'p1', name: 'title', label: 'Title', type: 'text' }),
    propertyDefinition({ id: 'p2', name: 'owner', label: 'Owner', type: 'membership' }),
  ];
  const integration = (change: Partial<EmailIntegration> = {}): EmailIntegration => ({
    uuid: '6f1c1d8e-2d7a-4c55-9c55-1f2b3c4d5e6f',
    type: 'email_notification',
    trigger: 'assign',
    assignee_property_id: 'p2',
    email_subject_template: 'Yours: {{title}}',
    email_text_template: 'Hello {{assignee}}, {{link}}',
    ...change,
  });

  it('parses subject and text as plain text, the subject as one line, both required', () => {
    const parsed = emailIntegrationsRequestSchema.parse({ email_integrations: [{ ...integration(), email_subject_template: '<b>Yours</b>:\n {{title}}', email_text_template: 'Line one\nLine two' }] });
    expect(parsed.email_integrations[0]).toMatchObject({ email_subject_template: 'Yours: {{title}}', email_text_template: 'Line one\nLine two' });
    expect(emailIntegrationsRequestSchema.safeParse({ email_integrations: [{ ...integration(), email_subject_template: '<p></p>' }] }).success).toBe(false);
    expect(emailIntegrationsRequestSchema.safeParse({ email_integrations: [{ ...integration(), assignee_property_id: -2 }] }).success).toBe(false);
  });

  it('refuses a watched property that is no membership, unknown placeholders and a uuid twice', () => {
    expect(emailIntegrationErrors([integration(), integration({ assignee_property_id: -1, trigger: 'unassign', uuid: '7f1c1d8e-2d7a-4c55-9c55-1f2b3c4d5e6f' })], properties)).toEqual([]);
    expect(emailIntegrationErrors([integration({ assignee_property_id: 'p1', email_text_template: '{{nope}}' }), integration()], properties)).toEqual([
      { field: 'email_integrations.0.assignee_property_id', key: 'not_membership' },
      { field: 'email_integrations.0.email_text_template', key: 'unknown_placeholder' },
      { field: 'email_integrations.1.uuid', key: 'taken' },
    ]);
  });

  it('matches by trigger and by the property watched, -1 watching every membership property', () => {
    const any = integration({ assignee_property_id: -1 });
    expect(matchingEmailIntegrations([integration(), any], 'assign', ['p2'])).toEqual([integration(), any]);
    expect(matchingEmailIntegrations([integration(), any], 'assign', ['p3'])).toEqual([any]);
    expect(matchingEmailIntegrations([integration(), any], 'unassign', ['p2'])).toEqual([]);
  });
});

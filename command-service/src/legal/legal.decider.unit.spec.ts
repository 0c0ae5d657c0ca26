import type { LegalTextEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { imprintDecider, legalConsentDecider, legalTextsDecider, type LegalTextsCommand } from './legal.decider';

const created: LegalTextEvent[] = [
  { type: 'LegalTextCreated', data: { legal_text_id: 't1', name: 'Terms', handle: 'terms', statement: '', read_only: false } },
  { type: 'LegalTextVersionPublished', data: { legal_text_id: 't1', version: 1, html_text: '<p>v1</p>', requires_consent: true } },
];
const edit = (change: Partial<Extract<LegalTextsCommand, { type: 'EditLegalText' }>> = {}): LegalTextsCommand => ({
  type: 'EditLegalText', legal_text_id: 't1', name: 'Terms', handle: 'terms', statement: '', html_text: '<p>v2</p>', requires_consent: true, revision: 2, ...change,
});

describe('imprintDecider', () => {
  const spec = deciderSpecification(imprintDecider);
  const change = { type: 'ChangeImprint' as const, content: '<p>Web</p>', mail_imprint: 'Mail', show_newsletter_info: true, revision: 0 };
  it('records the change at the revision it was read at', () => {
    spec.given([]).when(change).then([{ type: 'ImprintChanged', data: { content: '<p>Web</p>', mail_imprint: 'Mail', show_newsletter_info: true } }]);
  });
  it('refuses a stale revision with a conflict and an unchanged imprint as nothing_changed', () => {
    const saved = [{ type: 'ImprintChanged' as const, data: { content: '<p>Web</p>', mail_imprint: 'Mail', show_newsletter_info: true } }];
    expect(spec.given(saved).when(change).thenRefused('concurrency_conflict').kind).toBe('conflict');
    expect(spec.given(saved).when({ ...change, revision: 1 }).thenRefused('nothing_changed').kind).toBe('refused');
  });
});

describe('legalTextsDecider', () => {
  const spec = deciderSpecification(legalTextsDecider);
  it('creates a text with its first version', () => {
    spec.given([]).when({ type: 'CreateLegalText', legal_text_id: 't1', name: 'Terms', handle: 'terms', statement: '', read_only: false, html_text: '<p>v1</p>', requires_consent: true }).then(created);
  });
  it('refuses a handle another text has', () => {
    const command: LegalTextsCommand = { type: 'CreateLegalText', legal_text_id: 't2', name: 'T', handle: 'terms', statement: '', read_only: false, html_text: 'x', requires_consent: false };
    expect(spec.given(created).when(command).thenRefused('handle_taken').field).toBe('handle');
  });
  it('publishes a new immutable version when the text changes, and only edits the fields otherwise', () => {
    spec.given(created).when(edit()).then([
      { type: 'LegalTextEdited', data: { legal_text_id: 't1', name: 'Terms', handle: 'terms', statement: '' } },
      { type: 'LegalTextVersionPublished', data: { legal_text_id: 't1', version: 2, html_text: '<p>v2</p>', requires_consent: true } },
    ]);
    spec.given(created).when(edit({ html_text: '<p>v1</p>', name: 'Terms of use' })).then([
      { type: 'LegalTextEdited', data: { legal_text_id: 't1', name: 'Terms of use', handle: 'terms', statement: '' } },
    ]);
  });
  it('refuses a stale revision, a read-only text and an unknown one', () => {
    expect(spec.given(created).when(edit({ revision: 1 })).thenRefused('concurrency_conflict').kind).toBe('conflict');
    const readOnly: LegalTextEvent[] = [{ ...created[0], data: { ...created[0].data, read_only: true } } as LegalTextEvent, created[1]];
    spec.given(readOnly).when(edit()).thenRefused('legal_text_read_only');
    expect(spec.given([]).when({ type: 'DeleteLegalText', legal_text_id: 't1' }).thenRefused('not_found').kind).toBe('not_found');
  });
});

describe('legalConsentDecider', () => {
  const spec = deciderSpecification(legalConsentDecider);
  const text = { handle: 'terms', read_only: false, revision: 3, version: 2, html_text: 'x', consent_version: 2 };
  const accept = { type: 'AcceptLegalText' as const, member_id: 'm1', legal_text_id: 't1', version: 2, text };
  it('records the acceptance of the current version once', () => {
    spec.given([]).when(accept).then([{ type: 'LegalTextAccepted', data: { legal_text_id: 't1', version: 2, member_id: 'm1' } }]);
    spec.given([{ type: 'LegalTextAccepted', data: { legal_text_id: 't1', version: 2, member_id: 'm1' } }]).when(accept).then([]);
  });
  it('refuses an outdated version and an unknown text', () => {
    expect(spec.given([]).when({ ...accept, version: 1 }).thenRefused('version_outdated').field).toBe('version');
    expect(spec.given([]).when({ ...accept, text: null }).thenRefused('not_found').kind).toBe('not_found');
  });
});

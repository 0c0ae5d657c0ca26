import { legalConsentStream, legalTextsStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { acceptanceId, imprintProjection, IMPRINT_ID, legalAcceptancesProjection, legalTextsProjection } from './legal.projection';

const on = { streamId: legalTextsStream(), memberId: 'admin' };
const texts = [
  recorded('LegalTextCreated', { legal_text_id: 't1', name: 'Terms', handle: 'terms', statement: 'Read me', read_only: false }, on),
  recorded('LegalTextVersionPublished', { legal_text_id: 't1', version: 1, html_text: '<p>v1</p>', requires_consent: true }, on),
  recorded('LegalTextAccepted', { legal_text_id: 't1', version: 1, member_id: 'ann' }, { streamId: legalConsentStream('ann'), memberId: 'ann' }),
  recorded('LegalTextEdited', { legal_text_id: 't1', name: 'Terms of use', handle: 'terms', statement: 'Read me' }, on),
  recorded('LegalTextVersionPublished', { legal_text_id: 't1', version: 2, html_text: '<p>v2</p>', requires_consent: false }, on),
];

describe('legal projections', () => {
  it('keeps every version, the one that asked for consent and the revision the decider counts; acceptances never write the text', () => {
    expect(legalTextsProjection.eventTypes).not.toContain('LegalTextAccepted');
    expect(project(legalTextsProjection, texts, 't1')).toMatchObject({
      name: 'Terms of use',
      revision: 4,
      current_version: 2,
      consent_version: 1,
      versions: [expect.objectContaining({ version: 1, html_text: '<p>v1</p>' }), expect.objectContaining({ version: 2, html_text: '<p>v2</p>' })],
    });
  });

  it('keeps a deleted text for the ledger, marked deleted', () => {
    expect(project(legalTextsProjection, [...texts, recorded('LegalTextDeleted', { legal_text_id: 't1' }, on)], 't1')).toMatchObject({ deleted: true, name: 'Terms of use' });
  });

  it('changes nothing when events are applied twice', () => {
    const once = project(legalTextsProjection, texts, 't1');
    expect(projectEachTwice(legalTextsProjection, texts, 't1')).toEqual(once);
    const imprint = [recorded('ImprintChanged', { content: '<p>A</p>', mail_imprint: 'M', show_newsletter_info: true }, { streamId: 'imprint' })];
    expect(projectEachTwice(imprintProjection, imprint, IMPRINT_ID)).toEqual(project(imprintProjection, imprint, IMPRINT_ID));
    expect(project(imprintProjection, imprint, IMPRINT_ID)).toMatchObject({ content: '<p>A</p>', revision: 1 });
  });

  it('records an acceptance once, with when and at which position, and never changes it', () => {
    const accepted = texts[2];
    const id = acceptanceId('ann', 't1', 1);
    expect(legalAcceptancesProjection.documentIds(accepted)).toEqual([id]);
    const first = project(legalAcceptancesProjection, [accepted], id);
    expect(first).toMatchObject({ member_id: 'ann', legal_text_id: 't1', version: 1, accepted_at: accepted.metadata.occurredAt, position: accepted.position });
    const again = recorded('LegalTextAccepted', { legal_text_id: 't1', version: 1, member_id: 'ann' }, { streamId: legalConsentStream('ann') });
    expect(project(legalAcceptancesProjection, [accepted, again], id)).toMatchObject({ position: accepted.position });
  });
});

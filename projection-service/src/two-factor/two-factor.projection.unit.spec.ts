import type { RecordedEvent } from '@cn/domain';
import { twoFactorProjection, type TwoFactorDocument } from './two-factor.projection';

let position = 0;
const recorded = (type: string, data: object, memberId: string, occurredAt: string): RecordedEvent => {
  position += 1;
  return { type, data, streamId: 'twofactor-m1', revision: position, position, recordedAt: occurredAt, metadata: { memberId, occurredAt, correlationId: 'c', causationId: 'c' } } as RecordedEvent;
};
const sealed = { $secret: 'x', subject: 'm1' };
const apply = (events: RecordedEvent[], start: TwoFactorDocument | null = null): TwoFactorDocument | null =>
  events.reduce<TwoFactorDocument | null>((doc, event) => twoFactorProjection.evolve(doc, event, 'm1') as TwoFactorDocument | null, start);

describe('the two-factor read model', () => {
  const added = recorded('TwoFactorFactorAdded', { member_id: 'm1', factor_id: 'f1', type: 'totp', secret: sealed, backup_codes: sealed }, 'm1', '2026-11-01T09:00:00.000Z');
  const reset = recorded('TwoFactorFactorRemoved', { member_id: 'm1', factor_id: 'f1', removed_by: 'administrator' }, 'admin-1', '2026-12-01T10:00:00.000Z');

  it('keeps a removed factor with its type, when, whether an administrator did it and who', () => {
    const doc = apply([added, reset]);
    expect(doc?.factors).toEqual([]);
    expect(doc?.removed).toEqual([
      { id: 'f1', type: 'totp', created_at: '2026-11-01T09:00:00.000Z', removed_at: '2026-12-01T10:00:00.000Z', removed_by: 'administrator', removed_by_member_id: 'admin-1' },
    ]);
    // the removal again changes nothing; a new factor keeps the history
    expect(apply([reset], doc)).toEqual(doc);
    const again = apply([recorded('TwoFactorFactorAdded', { member_id: 'm1', factor_id: 'f2', type: 'email', secret: sealed, backup_codes: sealed }, 'm1', '2026-12-02T09:00:00.000Z')], doc);
    expect(again?.factors.map((factor) => factor.id)).toEqual(['f2']);
    expect(again?.removed).toHaveLength(1);
  });

  it('keeps only the newest removals, newest first', () => {
    let doc: TwoFactorDocument | null = null;
    for (let n = 0; n < 12; n += 1) {
      const at = `2026-12-${String(n + 1).padStart(2, '0')}T10:00:00.000Z`;
      doc = apply(
        [
          recorded('TwoFactorFactorAdded', { member_id: 'm1', factor_id: `f${n}`, type: 'totp', secret: sealed, backup_codes: sealed }, 'm1', at),
          recorded('TwoFactorFactorRemoved', { member_id: 'm1', factor_id: `f${n}`, removed_by: 'member' }, 'm1', at),
        ],
        doc,
      );
    }
    expect(doc?.removed?.map((entry) => entry.id)).toEqual(['f11', 'f10', 'f9', 'f8', 'f7', 'f6', 'f5', 'f4', 'f3', 'f2']);
  });
});

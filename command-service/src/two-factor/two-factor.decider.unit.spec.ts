import type { SealedSecret, TwoFactorEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { twoFactorDecider, type CodeProof, type TwoFactorCommand } from './two-factor.decider';

const sealed = (value: string): SealedSecret => ({ $secret: value, subject: 'm1' });
const spec = deciderSpecification(twoFactorDecider);

const added: TwoFactorEvent = { type: 'TwoFactorFactorAdded', data: { member_id: 'm1', factor_id: 'f1', type: 'totp', secret: sealed('s'), backup_codes: sealed('b') } };
const usedStep = (step: number): TwoFactorEvent => ({ type: 'TwoFactorCodeUsed', data: { member_id: 'm1', factor_id: 'f1', method: 'totp', step, backup_index: null } });
const usedBackup = (index: number): TwoFactorEvent => ({ type: 'TwoFactorCodeUsed', data: { member_id: 'm1', factor_id: 'f1', method: 'backup', step: null, backup_index: index } });
const totpProof = (step: number): CodeProof => ({ matched: true, factor_id: 'f1', method: 'totp', step });
const backupProof = (index: number): CodeProof => ({ matched: true, factor_id: 'f1', method: 'backup', backup_index: index });
const add = (confirmed_step: number | null, factor_type: 'totp' | 'email' = 'totp'): Extract<TwoFactorCommand, { type: 'AddFactor' }> => ({
  type: 'AddFactor',
  member_id: 'm1',
  factor_id: 'f1',
  factor_type,
  secret: sealed('s'),
  backup_codes: sealed('b'),
  confirmed_step,
});
const use = (proof: CodeProof): TwoFactorCommand => ({ type: 'UseCode', member_id: 'm1', proof });

describe('two-factor decider', () => {
  it('adds a factor only once confirmed with a code, and its confirming code is taken', () => {
    spec.given([]).when(add(100)).then([added, usedStep(100)]);
    spec.given([]).when(add(null)).thenRefused('invalid_code', 'code');
  });

  it('keeps one factor of a type (409 factor_exists) but allows a mail factor beside the app', () => {
    spec.given([added, usedStep(100)]).when(add(101)).thenRefused('factor_exists', 'type');
    expect(spec.decide([added, usedStep(100)], { ...add(101, 'email'), factor_id: 'f2' })).toHaveLength(2);
  });

  it('takes a code of a later step and refuses the same step or an earlier one (no replay)', () => {
    const given = [added, usedStep(100)];
    spec.given(given).when(use(totpProof(101))).then([usedStep(101)]);
    spec.given(given).when(use(totpProof(100))).thenRefused('invalid_code', 'code');
    spec.given(given).when(use(totpProof(99))).thenRefused('invalid_code', 'code');
    spec.given(given).when(use({ matched: false })).thenRefused('invalid_code', 'code');
  });

  it('takes each backup code once, and a reset gives a fresh list', () => {
    spec.given([added]).when(use(backupProof(3))).then([usedBackup(3)]);
    spec.given([added, usedBackup(3)]).when(use(backupProof(3))).thenRefused('invalid_code', 'code');
    const reset: TwoFactorEvent = { type: 'TwoFactorBackupCodesReset', data: { member_id: 'm1', factor_id: 'f1', backup_codes: sealed('b2') } };
    spec.given([added, usedBackup(3), usedStep(5)])
      .when({ type: 'ResetBackupCodes', member_id: 'm1', factor_id: 'f1', proof: totpProof(6), backup_codes: sealed('b2') })
      .then([usedStep(6), reset]);
    expect(spec.state([added, usedBackup(3), reset]).factors['f1']?.used_backup).toEqual([]);
  });

  it('deletes a factor with a valid code of it, refuses an unknown factor with 404', () => {
    spec.given([added])
      .when({ type: 'RemoveFactor', member_id: 'm1', factor_id: 'f1', proof: totpProof(7) })
      .then([usedStep(7), { type: 'TwoFactorFactorRemoved', data: { member_id: 'm1', factor_id: 'f1', removed_by: 'member' } }]);
    spec.given([added]).when({ type: 'RemoveFactor', member_id: 'm1', factor_id: 'f1', proof: { matched: false } }).thenRefused('invalid_code', 'code');
    spec.given([]).when({ type: 'RemoveFactor', member_id: 'm1', factor_id: 'f1', proof: totpProof(7) }).thenRefused('not_found');
    // a code of another factor does not delete this one
    spec.given([added]).when({ type: 'RemoveFactor', member_id: 'm1', factor_id: 'f1', proof: { matched: true, factor_id: 'f2', method: 'email', step: 3 } }).thenRefused('invalid_code');
  });

  it("lets an administrator remove every factor, and a reset of none is nothing", () => {
    spec.given([added]).when({ type: 'ResetFactors', member_id: 'm1' }).then([
      { type: 'TwoFactorFactorRemoved', data: { member_id: 'm1', factor_id: 'f1', removed_by: 'administrator' } },
    ]);
    spec.given([]).when({ type: 'ResetFactors', member_id: 'm1' }).then([]);
  });
});

import { memberStream } from '@cn/contracts';
import { type Infrastructure } from '@cn/platform';
import { loadState } from '@cn/domain';
import { memberStateReader, type MemberState } from '../members/member-state';
import { hashPassword, verifyPassword } from './passwords';

type CredentialInfra = Pick<Infrastructure, 'eventStore' | 'cipher' | 'config'>;

/**
 * Credentials live only in the member's own stream, sealed with the member's key: no read model holds
 * them. Checking one folds the stream (cached per stream, so only new events are read) and unseals the
 * hash on the command side.
 */
export const memberState = async (infra: CredentialInfra, memberId: string): Promise<MemberState> =>
  (await loadState(infra.eventStore, memberStream(memberId), memberStateReader)).state;

const decoyHashes = new Map<number, Promise<string>>();
/** compared against when there is no hash to compare with, so that the answer takes as long either way */
const decoy = (infra: CredentialInfra): Promise<string> => {
  const cost = infra.config.passwordCost;
  let hash = decoyHashes.get(cost.N);
  if (!hash) {
    hash = hashPassword('decoy password', cost);
    decoyHashes.set(cost.N, hash);
  }
  return hash;
};

/** true when the password is the member's current one; false for unknown, erased or password-less members */
export const verifyMemberPassword = async (infra: CredentialInfra, memberId: string | null, password: string): Promise<boolean> => {
  const state = memberId ? await memberState(infra, memberId) : null;
  const hash = state?.status === 'registered' && state.password_hash ? await infra.cipher.unsealSecret(state.password_hash) : null;
  const valid = await verifyPassword(password, hash ?? (await decoy(infra)));
  return hash !== null && valid;
};

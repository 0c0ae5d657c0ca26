import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { KeyStore } from '@cn/platform';

/** the key store's subject whose 32-byte key is the seed of the network's chain-sealing key */
export const CHAIN_SEAL_SUBJECT = 'system:audit-chain-seal';
/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export const sealingKeyOf = (seed: Buffer): KeyObject =>
  createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });

/** what is signed: a fixed prefix, the head's position and hash, and when it was signed */
export const sealMessage = (position: number, hash: string, signedAt: string): string => `cn-chain-head:v1:${position}:${hash}:${signedAt}`;

export interface ChainSeal {
  message: string;
  signature: string;
  publicKey: string;
}

/**
 * Signs the chain's head with an Ed25519 key derived from a seed the key store keeps (never answered, never
 * projected); the public key comes with the signature, so an auditor can check a kept head with any tool.
 */
export const sealChainHead = async (keyStore: KeyStore, head: { position: number; hash: string }, signedAt: string): Promise<ChainSeal> => {
  const key = sealingKeyOf(await keyStore.getOrCreate(CHAIN_SEAL_SUBJECT));
  const message = sealMessage(head.position, head.hash, signedAt);
  return {
    message,
    signature: sign(null, Buffer.from(message), key).toString('base64'),
    publicKey: createPublicKey(key).export({ format: 'pem', type: 'spki' }).toString(),
  };
};

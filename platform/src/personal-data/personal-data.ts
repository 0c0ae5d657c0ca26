import { isEncryptedEnvelope } from '@cn/contracts';
/**
 * Personal data inside events is stored as an EncryptedValue, encrypted (AES-256-GCM) with the key of
 * the member it belongs to. Erasing the member destroys the key: events stay intact, and reading them
 * yields the fallback (contracts' DELETED_MEMBER_NAME and friends).
 */
export interface EncryptedValue {
  /** marker: base64 of iv (12 bytes) + auth tag (16 bytes) + ciphertext of the JSON value */
  $pii: string;
  /** the member whose key encrypts it */
  subject: string;
}

export const isEncryptedValue: (value: unknown) => value is EncryptedValue = isEncryptedEnvelope;

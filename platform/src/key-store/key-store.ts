/** Per-subject (member) data keys for crypto-shredding of personal data in events. */
export interface KeyStore {
  /** returns the subject's 32-byte key, creating it on first use */
  getOrCreate(subjectId: string): Promise<Buffer>;
  /** null once the key was destroyed (member erased) or never existed */
  get(subjectId: string): Promise<Buffer | null>;
  /** irreversibly forgets the key; events encrypted with it can no longer be read */
  destroy(subjectId: string): Promise<void>;
  close(): Promise<void>;
}

import type { FileStorage } from './file-storage';

/**
 * Removes blobs that no event names and that are older than `graceMs` (an upload in flight has stored its
 * bytes but not yet appended its event: the grace period leaves it alone). `referenced` answers whether
 * some file version uses the key.
 */
export const sweepOrphanedBlobs = async (
  storage: FileStorage,
  referenced: (key: string) => Promise<boolean>,
  options: { now: Date; graceMs: number },
): Promise<string[]> => {
  const removed: string[] = [];
  const cutoff = options.now.getTime() - options.graceMs;
  for await (const blob of storage.list()) {
    if (blob.storedAt.getTime() > cutoff) continue;
    if (await referenced(blob.key)) continue;
    await storage.delete(blob.key);
    removed.push(blob.key);
  }
  return removed;
};

import { randomBytes } from 'node:crypto';
import { createTempDir, readZipEntries } from '@cn/platform/testing';
import { createDiskFileStorage } from './disk-file-storage';
import { archivePaths, archiveSegment, zipArchive } from './zip-archive';

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

describe('zip archives of stored files', () => {
  it('names no entry outside the folder it is unpacked into (zip slip)', () => {
    for (const hostile of ['..', '.', '../../etc/passwd', '/etc/passwd', 'C:\\Windows\\x', 'a/../../b', '\u0000', 'CON', '  ', '.hidden']) {
      const segment = archiveSegment(hostile);
      expect(segment).not.toMatch(/[\\/:]/);
      expect(['.', '..', '']).not.toContain(segment);
      expect(segment.startsWith('.')).toBe(false);
    }
    expect(archiveSegment('Bericht 2026.pdf')).toBe('Bericht 2026.pdf');
    expect(archiveSegment('CON')).toBe('_CON');
  });

  it('keeps two entries of the same name apart', () => {
    const at = new Date();
    expect(archivePaths([{ path: ['a', 'x.txt'], blob_key: 'k', modified: at }, { path: ['a', 'X.txt'], blob_key: 'k', modified: at }, { path: ['a', 'x.txt'], blob_key: 'k', modified: at }])).toEqual([
      'a/x.txt',
      'a/X (2).txt',
      'a/x (3).txt',
    ]);
  });

  it('streams the stored bytes into the entries, folders included', async () => {
    const temp = createTempDir('cn-zip');
    const storage = createDiskFileStorage({ dir: temp.dir });
    const one = randomBytes(200_000);
    const two = Buffer.from('hello');
    const [a, b] = [await storage.put([one]), await storage.put([two])];
    const zip = await readAll(
      zipArchive(storage, [
        { path: ['Reports', 'one.bin'], blob_key: a.key, modified: new Date() },
        { path: ['..', '..', 'evil.txt'], blob_key: b.key, modified: new Date() },
        { path: ['Reports', 'Empty'], blob_key: null, modified: new Date() },
      ]),
    );
    const entries = readZipEntries(zip);
    expect(entries.map((entry) => entry.name)).toEqual(['Reports/one.bin', '_/_/evil.txt', 'Reports/Empty/']);
    expect(entries[0].bytes.equals(one)).toBe(true);
    expect(entries[1].bytes.toString()).toBe('hello');
    temp.remove();
  });

  it('fails its stream when an entry cannot be read, also when the reading starts after the failure', async () => {
    const temp = createTempDir('zip-missing-');
    const storage = createDiskFileStorage({ dir: temp.dir });
    const stored = await storage.put([Buffer.from('kept')]);
    await storage.delete(stored.key);
    const output = zipArchive(storage, [{ path: ['gone.txt'], blob_key: stored.key, modified: new Date('2026-01-01T00:00:00Z') }]);
    // the entry's read fails before anybody reads the archive (nothing throws in the process meanwhile)
    await new Promise((resolve) => setTimeout(resolve, 100));
    const read = async () => {
      for await (const chunk of output) expect(chunk).toBeDefined();
    };
    await expect(read()).rejects.toThrow(`blob not found: ${stored.key}`);
    temp.remove();
  });
});

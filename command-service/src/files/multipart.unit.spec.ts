import { Readable } from 'node:stream';
import fc from 'fast-check';
import { boundaryOf, MultipartReader } from './multipart';

const body = (boundary: string, parts: Array<{ name: string; filename?: string; content: Buffer }>): Buffer =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n\r\n`),
      part.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

const chunked = (bytes: Buffer, sizes: number[]): AsyncIterable<Buffer> => {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (let index = 0; offset < bytes.length; index += 1) {
    const size = Math.max(1, sizes[index % sizes.length]);
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(chunks, { objectMode: true });
};

const readAll = async (reader: MultipartReader) => {
  const parts: Array<{ name: string; filename: string | null; content: Buffer }> = [];
  for (let part = await reader.next(); part !== null; part = await reader.next()) {
    const chunks: Buffer[] = [];
    for await (const chunk of reader.body()) chunks.push(chunk);
    parts.push({ name: part.name, filename: part.filename, content: Buffer.concat(chunks) });
  }
  return parts;
};

describe('streaming multipart reader', () => {
  it('reads every part whole however the body is cut into chunks, delimiter look-alikes included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 8 }), async (bytes, sizes) => {
        const boundary = 'XyZ123';
        const content = Buffer.concat([Buffer.from(bytes), Buffer.from(`\r\n--${boundary.slice(0, 4)}`), Buffer.from(bytes)]);
        const parts = await readAll(new MultipartReader(chunked(body(boundary, [{ name: 'name', content: Buffer.from('a.txt') }, { name: 'file', filename: 'a.bin', content }]), sizes), boundary));
        expect(parts.map((part) => part.name)).toEqual(['name', 'file']);
        expect(parts[1].filename).toBe('a.bin');
        expect(parts[1].content.equals(content)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a body cut off before its closing delimiter and a request that is no multipart', async () => {
    const full = body('b', [{ name: 'file', filename: 'x', content: Buffer.from('hello') }]);
    await expect(readAll(new MultipartReader(chunked(full.subarray(0, full.length - 12), [5]), 'b'))).rejects.toMatchObject({ status: 400 });
    expect(() => boundaryOf('application/json')).toThrow();
    expect(boundaryOf('multipart/form-data; boundary="abc"')).toBe('abc');
  });
});

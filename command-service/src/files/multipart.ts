import { HttpProblem } from '@cn/platform';

/**
 * A streaming reader of multipart/form-data (RFC 7578) that never holds a whole part in memory: the file
 * part is handed on chunk by chunk, as the storage takes it. Small fields are collected (at most
 * FIELD_LIMIT bytes each). Malformed bodies answer 400 `invalid_multipart`.
 */
const HEADER_LIMIT = 16 * 1024;
const FIELD_LIMIT = 64 * 1024;
const MAX_PARTS = 20;

export interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string | null;
}

const malformed = (): HttpProblem => new HttpProblem(400, 'validation_failed', [{ field: 'file', key: 'invalid_multipart' }]);

export const boundaryOf = (contentType: string | undefined): string => {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  if (!match) throw new HttpProblem(415, 'unsupported_media_type', [{ field: 'file', key: 'multipart_required' }]);
  return match[1] ?? match[2] ?? '';
};

const parseHeaders = (block: string): PartHeaders => {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-disposition') {
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(value)?.[1] ?? null;
      const star = /;\s*filename\*=UTF-8''([^;\s]+)/i.exec(value)?.[1];
      const plain = /;\s*filename="([^"]*)"/i.exec(value)?.[1] ?? /;\s*filename=([^;\s]+)/i.exec(value)?.[1];
      try {
        filename = star !== undefined ? decodeURIComponent(star) : (plain ?? null);
      } catch {
        filename = plain ?? null;
      }
    } else if (header === 'content-type') {
      contentType = value;
    }
  }
  if (name === null) throw malformed();
  return { name, filename, contentType };
};

export class MultipartReader {
  private buffer: Buffer;
  private readonly delimiter: Buffer;
  private ended = false;
  private parts = 0;
  private readonly source: AsyncIterator<Buffer>;

  constructor(body: AsyncIterable<Buffer | string>, boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // the first delimiter has no CRLF before it: one is put there, so every delimiter looks the same
    this.buffer = Buffer.from('\r\n');
    const iterator = body[Symbol.asyncIterator]();
    this.source = {
      next: async () => {
        const next = await iterator.next();
        return next.done ? next : { done: false, value: typeof next.value === 'string' ? Buffer.from(next.value) : next.value };
      },
    };
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  private started = false;

  /** the next part's headers, or null after the closing delimiter */
  async next(): Promise<PartHeaders | null> {
    if (!this.started) {
      this.started = true;
      for await (const _ of this.body()) {
        // the preamble is ignored
      }
    }
    if (this.ended) return null;
    while (this.buffer.length < 2) if (!(await this.fill())) throw malformed();
    if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
      this.ended = true;
      return null;
    }
    if (this.buffer[0] !== 0x0d || this.buffer[1] !== 0x0a) throw malformed();
    this.buffer = this.buffer.subarray(2);
    let end = this.buffer.indexOf('\r\n\r\n');
    while (end < 0) {
      if (this.buffer.length > HEADER_LIMIT || !(await this.fill())) throw malformed();
      end = this.buffer.indexOf('\r\n\r\n');
    }
    const headers = parseHeaders(this.buffer.subarray(0, end).toString('utf8'));
    this.buffer = this.buffer.subarray(end + 4);
    this.parts += 1;
    if (this.parts > MAX_PARTS) throw malformed();
    return headers;
  }

  /** the current part's bytes, up to the next delimiter; must be read to its end before `next` */
  async *body(): AsyncIterable<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(this.delimiter);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        return;
      }
      // keep what could be the start of a delimiter cut by the chunk's end
      const safe = this.buffer.length - (this.delimiter.length - 1);
      if (safe > 0) {
        const chunk = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield chunk;
      }
      if (!(await this.fill())) throw malformed();
    }
  }

  /** a small field's value as text */
  async text(): Promise<string> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.body()) {
      size += chunk.length;
      if (size > FIELD_LIMIT) throw malformed();
      parts.push(chunk);
    }
    return Buffer.concat(parts).toString('utf8');
  }
}

/**
 * The content type of uploaded bytes, from their magic bytes: never the client's claim, which a renamed
 * executable would get wrong on purpose. Executables and scripts are recognised (and refused by the
 * upload); text without a known signature is text/plain when it decodes as UTF-8 without control
 * characters, else application/octet-stream.
 */
interface Signature {
  type: string;
  offset?: number;
  bytes: number[];
}

const SIGNATURES: Signature[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  { type: 'image/bmp', bytes: [0x42, 0x4d] },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { type: 'application/vnd.rar', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { type: 'audio/mpeg', bytes: [0x49, 0x44, 0x33] },
  { type: 'audio/ogg', bytes: [0x4f, 0x67, 0x67, 0x53] },
  { type: 'audio/wav', offset: 8, bytes: [0x57, 0x41, 0x56, 0x45] },
  { type: 'video/mp4', offset: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
  { type: 'application/x-ole-storage', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  // executables: Windows PE/MZ, ELF, Mach-O (both byte orders, fat binaries), Java classes
  { type: 'application/x-msdownload', bytes: [0x4d, 0x5a] },
  { type: 'application/x-executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { type: 'application/x-mach-binary', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { type: 'application/x-mach-binary', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { type: 'application/x-mach-binary', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { type: 'application/x-mach-binary', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { type: 'application/x-sh', bytes: [0x23, 0x21] },
];

/** the sniffed types an upload refuses, whatever the file is called */
export const EXECUTABLE_TYPES: ReadonlySet<string> = new Set(['application/x-msdownload', 'application/x-executable', 'application/x-mach-binary', 'application/x-sh']);

const OFFICE_BY_EXTENSION: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const matches = (head: Buffer, signature: Signature): boolean => {
  const offset = signature.offset ?? 0;
  return head.length >= offset + signature.bytes.length && signature.bytes.every((byte, index) => head[offset + index] === byte);
};

const looksLikeText = (head: Buffer): boolean => {
  if (head.length === 0) return true;
  // a multi-byte character may be cut at the end of the head
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, Math.max(0, head.length - 3)));
  return !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F\u007F]/.test(text);
};

/**
 * `extension` only narrows a container the bytes prove (a zip that is named .docx is a Word document);
 * it never turns unknown bytes into a type.
 */
export const sniffContentType = (head: Buffer, extension: string): string => {
  const found = SIGNATURES.find((signature) => matches(head, signature))?.type;
  if (found === 'application/zip') return OFFICE_BY_EXTENSION[extension] ?? found;
  if (found) return found;
  if (looksLikeText(head)) {
    const text = head.toString('utf8', 0, Math.min(head.length, 512)).trimStart().toLowerCase();
    // HTML and SVG are served as downloads anyway (nosniff, attachment), but never claimed as text/plain
    if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.includes('<script')) return 'text/html';
    if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'image/svg+xml';
    return 'text/plain';
  }
  return 'application/octet-stream';
};

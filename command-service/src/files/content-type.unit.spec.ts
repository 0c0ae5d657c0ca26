import { EXECUTABLE_TYPES, sniffContentType } from './content-type';

describe('content types sniffed from the bytes', () => {
  it('recognises files by their magic bytes, whatever they are called', () => {
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'txt')).toBe('image/png');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'), 'doc')).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffContentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'pdf')).toBe('application/zip');
  });

  it('finds renamed executables and scripts', () => {
    for (const head of [Buffer.from('MZ\x90\x00'), Buffer.from('\x7fELF\x02'), Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.from('#!/bin/sh\nrm -rf /')]) {
      expect(EXECUTABLE_TYPES.has(sniffContentType(head, 'pdf'))).toBe(true);
    }
  });

  it('tells text from binary and never calls HTML plain text', () => {
    expect(sniffContentType(Buffer.from('Grüße aus Köln\n'), 'txt')).toBe('text/plain');
    expect(sniffContentType(Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'txt')).toBe('text/html');
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'png')).toBe('image/svg+xml');
    expect(sniffContentType(Buffer.from([0, 1, 2, 3, 0xff, 0xfe]), 'txt')).toBe('application/octet-stream');
  });
});

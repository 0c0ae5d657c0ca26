import fc from 'fast-check';
import { z } from 'zod';
import { basicSettingsSchema } from '../settings/network-settings';
import { setPresenceRequestSchema } from '../members/members';
import { safeText } from './safe-text';
import { hasControlCharacters, stripBidiControls } from './text-rules';

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const CONTROLS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007F', ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i))];
const name = safeText(z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }), 'required');

describe('safe text: names and status texts', () => {
  it('removes every bidi control wherever it stands, and keeps everything else as typed', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(...BIDI))), (parts) => {
        const text = parts.join('');
        const stripped = stripBidiControls(text);
        expect(BIDI.some((mark) => stripped.includes(mark))).toBe(false);
        expect(stripped).toBe([...text].filter((c) => !BIDI.includes(c)).join(''));
      }),
    );
  });

  it('refuses any text with a control character, with the key invalid_characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 20 }), (before, control, after) => {
        const result = name.safeParse(`A${before}${control}${after}`);
        expect(hasControlCharacters(`${before}${control}${after}`)).toBe(true);
        // a control at either end may be trimmed away as white space first; inside, it is refused
        if (!result.success) expect(result.error.issues.map((issue) => issue.message)).toContain('invalid_characters');
        else expect(hasControlCharacters(result.data)).toBe(false);
      }),
    );
    expect(name.safeParse('Ada\u0000Lovelace').error?.issues[0]?.message).toBe('invalid_characters');
    expect(name.safeParse('Ada\u009bLovelace').error?.issues[0]?.message).toBe('invalid_characters');
  });

  it('keeps right-to-left and other scripts, so names in any language pass', () => {
    for (const text of ['מרים כהן', 'فاطمة الزهراء', 'Zoë Ñúñez', '李小龍', 'Ada 🙂']) expect(name.parse(text)).toBe(text);
    expect(name.parse('\u202EgnpTxe\u202C.exe')).toBe('gnpTxe.exe');
  });

  it('applies to the network name and the status text', () => {
    expect(basicSettingsSchema.shape.name.safeParse('Demo\u0007Network').error?.issues[0]?.message).toBe('invalid_characters');
    expect(basicSettingsSchema.shape.name.parse('\u2067Demo\u2069')).toBe('Demo');
    expect(setPresenceRequestSchema.parse({ type: 'busy', text: 'in a\tmeeting\n\u202Eyadot' }).text).toBe('in a meeting yadot');
    expect(setPresenceRequestSchema.safeParse({ type: 'busy', text: 'bell\u0007' }).error?.issues[0]?.message).toBe('invalid_characters');
  });
});

import fc from 'fast-check';
import { sanitizeHtml } from '../../channels/rich-text';
import { GERMAN_STATES, propertyDefinition, type PropertyDefinitionInput } from '../properties';
import { addressField } from './address';
import { dateField, formatLocaleDate, parseLocaleDate } from './date';
import { emailField } from './email';
import { displayValues, FIELD_TYPES, fieldTypeOf, parseItemValues, readItemValues } from './field-types';
import { membershipField } from './membership';
import { numberField, roundToPrecision } from './number';
import { relationField } from './relation';
import { NO_SELECTION, offersNoSelection, selectableOptions, selectionField } from './selection';
import { htmlField } from './html';
import { tagField } from './tag';
import { textField } from './text';
import { urlField } from './url';

const def = (type: PropertyDefinitionInput['type'], options: Partial<PropertyDefinitionInput> = {}) => propertyDefinition({ id: `p-${type}`, name: type, label: type, type, ...options });
const LOCALES = ['en', 'de', 'fr', 'es'];

describe('number', () => {
  const effort = def('number', { precision: 2, min: -1000, max: 1000 });
  it('rounds to the precision, whatever it is given', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 6 }), (value, precision) => {
        const rounded = roundToPrecision(value, precision);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.5 / 10 ** precision + 1e-9);
        expect(roundToPrecision(rounded, precision)).toBe(rounded);
      }),
    );
  });
  it('parses numbers and their text with a comma alike; min and max hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100000, max: 100000 }), (cents) => {
        const value = cents / 100;
        const parsed = numberField.parse(String(value).replace('.', ','), effort);
        if (value < -1000 || value > 1000) expect(parsed).toEqual({ ok: false, errors: [{ key: value < -1000 ? 'too_small' : 'too_big' }] });
        else expect(parsed).toEqual({ ok: true, value });
      }),
    );
    expect(numberField.parse('abc', effort)).toEqual({ ok: false, errors: [{ key: 'not_a_number' }] });
    expect(numberField.parse('', effort)).toEqual({ ok: true, value: null });
  });
  it('formats with the locale, the precision, prefix and postfix', () => {
    const price = def('number', { precision: 2, prefix: '€ ' });
    expect(numberField.format(1234.5, price, 'de')).toBe('€ 1.234,50');
    expect(numberField.format(1234.5, price, 'en')).toBe('€ 1,234.50');
    expect(numberField.format(null, price, 'en')).toBe('');
  });
});

describe('date', () => {
  const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  it('reads what it formats, in every locale, and stores YYYY-MM-DD', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...LOCALES), (iso, locale) => {
        expect(parseLocaleDate(formatLocaleDate(iso, locale), locale)).toBe(iso);
        expect(dateField.parse(iso, def('date'))).toEqual({ ok: true, value: iso });
      }),
    );
  });
  it('is strict: another pattern, a missing zero or an impossible day is no date', () => {
    expect(parseLocaleDate('31.12.2026', 'de')).toBe('2026-12-31');
    expect(parseLocaleDate('12/31/2026', 'en')).toBe('2026-12-31');
    expect(parseLocaleDate('31/12/2026', 'fr')).toBe('2026-12-31');
    expect(parseLocaleDate('31.12.2026', 'en')).toBeNull();
    expect(parseLocaleDate('1.12.2026', 'de')).toBeNull();
    expect(parseLocaleDate('30.02.2026', 'de')).toBeNull();
    expect(parseLocaleDate('2026-12-31', 'de')).toBeNull();
    fc.assert(fc.property(fc.string(), fc.constantFrom(...LOCALES), (text, locale) => {
      const parsed = parseLocaleDate(text, locale);
      if (parsed !== null) expect(formatLocaleDate(parsed, locale)).toBe(text.trim());
    }));
    expect(dateField.parse('31.12.2026', def('date'))).toEqual({ ok: false, errors: [{ key: 'invalid_date' }] });
  });
});

describe('address', () => {
  const germany = def('address', { country: 'Deutschland', with_name: true });
  it('accepts the 16 German states only, and five-digit zips, for Deutschland', () => {
    expect(GERMAN_STATES).toHaveLength(16);
    fc.assert(
      fc.property(fc.constantFrom(...GERMAN_STATES), fc.integer({ min: 0, max: 99999 }), fc.string({ maxLength: 40 }), (state, zip, street) => {
        const parsed = addressField.parse({ street, zip: String(zip).padStart(5, '0'), state, country: 'France' }, germany);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.value).toMatchObject({ state, country: 'Deutschland' });
      }),
    );
    expect(addressField.parse({ state: 'Bavaria', zip: '1234' }, germany)).toEqual({
      ok: false,
      errors: [
        { key: 'unknown_state', path: 'state' },
        { key: 'invalid_zip', path: 'zip' },
      ],
    });
    expect(addressField.parse({ city: 7 }, germany)).toEqual({ ok: false, errors: [{ key: 'invalid_type', path: 'city' }] });
  });
  it('formats what it parsed and reads back whatever was stored', () => {
    fc.assert(
      fc.property(fc.record({ name: fc.string({ maxLength: 20 }), street: fc.string({ maxLength: 20 }), city: fc.string({ maxLength: 20 }) }), (raw) => {
        const parsed = addressField.parse(raw, germany);
        expect(parsed.ok).toBe(true);
        if (parsed.ok && parsed.value) expect(addressField.fromStored(parsed.value, germany)).toEqual(parsed.value);
      }),
    );
    expect(addressField.format({ name: 'Rathaus', street: 'Markt', number: '1', zip: '50667', city: 'Köln', state: 'Nordrhein-Westfalen', country: 'Deutschland' }, germany, 'de')).toBe(
      'Rathaus, Markt 1, 50667 Köln, Nordrhein-Westfalen, Deutschland',
    );
    expect(addressField.fromStored('Hauptstraße 5', germany)).toMatchObject({ street: 'Hauptstraße 5', country: 'Deutschland' });
  });
});

describe('selection', () => {
  const options = [{ label: 'To do', value: 'todo' }, { label: 'Done', value: 'done' }];
  it("offers 'no selection' (-1) only for an optional single choice, and reads -1 as none", () => {
    expect(offersNoSelection(def('selection', { options }))).toBe(true);
    expect(offersNoSelection(def('selection', { options, required: true }))).toBe(false);
    expect(offersNoSelection(def('selection', { options, multiple: true }))).toBe(false);
    expect(selectionField.parse(NO_SELECTION, def('selection', { options }))).toEqual({ ok: true, value: [] });
    expect(selectionField.parse('todo', def('selection', { options }))).toEqual({ ok: true, value: ['todo'] });
    expect(selectionField.parse(['todo', 'done'], def('selection', { options }))).toEqual({ ok: false, errors: [{ key: 'not_multiple' }] });
    expect(selectionField.parse(['todo', 'later'], def('selection', { options, multiple: true }))).toEqual({ ok: false, errors: [{ key: 'unknown_option', path: '1' }] });
    expect(selectionField.format(['done'], def('selection', { options }), 'en')).toBe('Done');
  });
  it('never offers an option without a value', () => {
    const definition = { ...def('selection', { options }), options: [...options, { label: 'Empty', value: ' ' }] };
    expect(selectableOptions(definition).map((option) => option.label)).toEqual(['To do', 'Done']);
    expect(selectionField.parse(' ', definition)).toEqual({ ok: false, errors: [{ key: 'unknown_option' }] });
  });
});

describe('text, email, url, tag, membership, relation', () => {
  it('honours maxlength and squeezes single-line text', () => {
    expect(textField.parse(' a  b ', def('text'))).toEqual({ ok: true, value: 'a b' });
    expect(textField.parse('abc', def('text', { maxlength: 2 }))).toEqual({ ok: false, errors: [{ key: 'too_long' }] });
  });

  it('checks emails and links (stored as an object with url)', () => {
    expect(emailField.parse('ann@example.org', def('email'))).toEqual({ ok: true, value: 'ann@example.org' });
    expect(emailField.parse('ann@', def('email'))).toEqual({ ok: false, errors: [{ key: 'invalid_email' }] });
    expect(urlField.parse('https://example.org', def('url'))).toEqual({ ok: true, value: { url: 'https://example.org', text: '' } });
    expect(urlField.parse({ url: 'javascript:alert(1)' }, def('url'))).toEqual({ ok: false, errors: [{ key: 'invalid_url', path: 'url' }] });
  });
  it('creates tags only where allowed, and names list errors by index', () => {
    expect(tagField.parse(['a', { id: 't1', name: 'b' }], def('tag', { multiple: true }))).toEqual({ ok: true, value: [{ id: '', name: 'a' }, { id: 't1', name: 'b' }] });
    expect(tagField.parse([{ id: 't1', name: 'b' }, 'new'], def('tag', { multiple: true, allow_create: false }))).toEqual({ ok: false, errors: [{ key: 'tag_creation_not_allowed', path: '1' }] });
  });
  it('takes members by id, relations only to related apps', () => {
    expect(membershipField.parse('m1', def('membership'))).toEqual({ ok: true, value: ['m1'] });
    expect(membershipField.parse(['m1', 'm2'], def('membership'))).toEqual({ ok: false, errors: [{ key: 'not_multiple' }] });
    const relation = def('relation', { related_apps: ['contacts'], multiple: true });
    expect(relationField.parse([{ id: 'i1', app: 'contacts' }], relation)).toEqual({ ok: true, value: [{ id: 'i1', app: 'contacts', displayValue: '' }] });
    expect(relationField.parse([{ id: 'i1', app: 'contacts' }, { id: 'i2', app: 'other' }], relation)).toEqual({ ok: false, errors: [{ key: 'unrelated_app', path: '1' }] });
  });
});

describe('multiline text and html: rich text sanitised as posts are', () => {
  const notes = def('text', { multiline: true });
  const HOSTILE = [
    '<p onclick="steal()">Hi<script>alert(1)</script></p>',
    '<a href="javascript:alert(1)">a</a><a href="&#106;avascript:alert(2)">b</a><a href=" JaVaScRiPt:alert(3)">c</a>',
    '<img src=x onerror=alert(1)><svg onload=alert(1)><circle/></svg><iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style><object data="x"></object><embed src="x"><form action="/x"><input name="a"></form>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a><a href="//evil.example">e</a>',
    '<<script>script>alert(1)<</script>/script><p style="background:url(javascript:alert(1))">s</p>',
  ];
  const EXECUTABLE = /<\s*(script|img|svg|iframe|style|object|embed|form|input)\b|\son\w+\s*=|javascript:|data:|style=|href="\/\//i;

  it('keeps the formatting subset and the words, and nothing that could run or load', () => {
    for (const field of [{ type: textField, definition: notes }, { type: htmlField, definition: def('html') }]) {
      for (const hostile of HOSTILE) {
        const parsed = field.type.parse(hostile, field.definition);
        if (!parsed.ok) throw new Error(`refused ${hostile}`);
        expect(parsed.value).not.toMatch(EXECUTABLE);
        // exactly the posts' sanitiser: nothing of its own
        expect(parsed.value).toBe(sanitizeHtml(parsed.value, { images: true }));
      }
    }
    expect(textField.parse('<p><strong>Plan</strong> <a href="https://example.org">link</a></p>', notes)).toEqual({
      ok: true,
      value: '<p><strong>Plan</strong> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">link</a></p>',
    });
  });
  it('never lets anything out that the sanitiser would change, whatever arrives', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const parsed = textField.parse(raw, notes);
        if (!parsed.ok) return;
        expect(parsed.value).toBe(sanitizeHtml(parsed.value, { images: true }));
        expect(parsed.value).not.toMatch(/<\s*script/i);
      }),
    );
  });
  it('reads plain text (as stored before) as paragraphs, shows text in lists, and counts maxlength on the text', () => {
    expect(textField.parse('a\n\nb < c', notes)).toEqual({ ok: true, value: '<p>a</p><p>b &lt; c</p>' });
    expect(textField.fromStored('line 1\nline 2 & more', notes)).toBe('<p>line 1<br>line 2 &amp; more</p>');
    expect(textField.fromStored('<p onmouseover="x()">kept</p>', notes)).toBe('<p>kept</p>');
    expect(textField.format('<p><em>Hello</em></p><p>world</p>', notes, 'en')).toBe('Hello world');
    expect(textField.parse('<p><strong>abc</strong></p>', def('text', { multiline: true, maxlength: 3 }))).toEqual({ ok: true, value: '<p><strong>abc</strong></p>' });
    expect(textField.parse('<p>abcd</p>', def('text', { multiline: true, maxlength: 3 }))).toEqual({ ok: false, errors: [{ key: 'too_long' }] });
    // nothing readable is empty, so a required property refuses it
    expect(textField.parse('<p><br></p><script>x</script>', notes)).toEqual({ ok: true, value: '' });
    expect(parseItemValues([def('text', { multiline: true, required: true })], { text: '<p> </p>' }, { partial: false })).toEqual({ ok: false, errors: [{ field: 'values.text', key: 'required' }] });
  });
  it("keeps the editor's own images (an image alone is a value) and no other image", () => {
    const own = '/api/storage/assets/0b6c1f7e-4a4d-4c1e-9b1a-2f3d4e5f6a7b/preview';
    for (const field of [{ type: textField, definition: notes }, { type: htmlField, definition: def('html') }]) {
      expect(field.type.parse(`<p>See</p><img src="${own}" alt="lake"><img src="https://tracker.example/p.gif"><img src="//evil.example${own}">`, field.definition)).toEqual({
        ok: true,
        value: `<p>See</p><img src="${own}" alt="lake">`,
      });
      expect(field.type.parse(`<img src="${own}">`, field.definition)).toEqual({ ok: true, value: `<img src="${own}" alt="">` });
      expect(field.type.parse('<img src="https://tracker.example/p.gif">', field.definition)).toEqual({ ok: true, value: '' });
    }
  });
});

describe('every type', () => {
  it('has a module, and display-only types are never stored', () => {
    expect(Object.keys(FIELD_TYPES)).toHaveLength(15);
    expect(fieldTypeOf('hologram')).toBeUndefined();
    const properties = [def('headline'), def('statistics'), def('text')];
    expect(parseItemValues(properties, { headline: 'x' }, { partial: true })).toEqual({ ok: false, errors: [{ field: 'values.headline', key: 'unknown_property' }] });
  });
  it('takes minus zero as zero (JSON would store it so)', () => {
    for (const raw of [-0, '-0', '-0,0']) expect(FIELD_TYPES.number.parse(raw, def('number'))).toEqual({ ok: true, value: 0 });
  });
  it('reads back what it parsed, for any sent value it accepts', () => {
    for (const [type, field] of Object.entries(FIELD_TYPES)) {
      const definition = def(type as PropertyDefinitionInput['type'], { options: [{ label: 'A', value: 'a' }], related_apps: ['x'] });
      fc.assert(
        fc.property(fc.anything(), (raw) => {
          const parsed = field.parse(raw, definition);
          if (parsed.ok) expect(field.fromStored(JSON.parse(JSON.stringify(parsed.value ?? null)) as unknown, definition)).toEqual(parsed.value);
        }),
        { numRuns: 200 },
      );
    }
  });
  it('reads stored values under later definitions: renamed, retyped, removed', () => {
    const stored = { 'p-a': 'Paint fence', 'p-b': 2.5, 'p-c': '2026-01-02' };
    const before = [propertyDefinition({ id: 'p-a', name: 'title', label: 'T', type: 'text' }), propertyDefinition({ id: 'p-b', name: 'effort', label: 'E', type: 'number' })];
    expect(readItemValues(before, stored)).toEqual({ title: 'Paint fence', effort: 2.5 });
    const after = [
      propertyDefinition({ id: 'p-a', name: 'summary', label: 'S', type: 'text' }),
      propertyDefinition({ id: 'p-b', name: 'effort', label: 'E', type: 'text' }),
      propertyDefinition({ id: 'p-c', name: 'due', label: 'D', type: 'selection', options: [{ label: 'X', value: 'x' }] }),
      propertyDefinition({ id: 'p-d', name: 'new', label: 'N', type: 'date' }),
    ];
    expect(readItemValues(after, stored)).toEqual({ summary: 'Paint fence', effort: '2.5', due: [], new: null });
    expect(displayValues(after, readItemValues(after, stored), 'en')).toEqual({ summary: 'Paint fence', effort: '2.5', due: '', new: '' });
  });
});

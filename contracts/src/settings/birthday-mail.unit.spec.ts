import fc from 'fast-check';
import { composeBirthdayMail, isBirthdayOn } from './birthday-mail';

describe('birthday mails', () => {
  it('falls on the same month and day, 29 February on 28 February in years without it', () => {
    expect(isBirthdayOn('1990-12-01', '2026-12-01')).toBe(true);
    expect(isBirthdayOn('1990-12-01', '2026-12-02')).toBe(false);
    expect(isBirthdayOn('2000-02-29', '2027-02-28')).toBe(true);
    expect(isBirthdayOn('2000-02-29', '2028-02-28')).toBe(false);
    expect(isBirthdayOn('2000-02-29', '2028-02-29')).toBe(true);
    expect(isBirthdayOn('not a date', '2028-02-29')).toBe(false);
  });

  it('comes once a year: every birthday falls on exactly one day of any year', () => {
    const day = (year: number, offset: number) => new Date(Date.UTC(year, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.integer({ min: 1950, max: 2020 }), fc.integer({ min: 2021, max: 2100 }), (bornOffset, bornYear, year) => {
        const birthday = day(bornYear, bornOffset);
        if (!birthday.startsWith(String(bornYear))) return;
        const days = Array.from({ length: 366 }, (_unused, offset) => day(year, offset)).filter((date) => date.startsWith(String(year)));
        expect(days.filter((date) => isBirthdayOn(birthday, date))).toHaveLength(1);
      }),
    );
  });

  it('fills the name and the network in the settings’ texts, and greets on its own where they are empty', () => {
    expect(composeBirthdayMail({ subject: 'Hi {{name}}', text: '%{name}, {{ network }} says hello' }, { name: 'Ada', network_name: 'Club', language: 'en' })).toEqual({ subject: 'Hi Ada', text: 'Ada, Club says hello' });
    expect(composeBirthdayMail({ subject: ' ', text: '' }, { name: 'Ada', network_name: 'Club', language: 'de' }).subject).toBe('Alles Gute zum Geburtstag, Ada!');
  });
});

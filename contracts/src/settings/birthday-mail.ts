/**
 * The birthday mail of the network's mail settings (`birthday_emails`): its subject and text with the
 * member's name in place of `{{name}}` (and `%{name}`), or a greeting of our own where the settings leave
 * them empty. Shared by the daily sending and the administrators' test mail.
 */
export interface BirthdayMailSettings {
  subject: string;
  text: string;
}

const DEFAULTS = {
  de: { subject: 'Alles Gute zum Geburtstag, {{name}}!', text: 'Liebe(r) {{name}},\n\nalles Gute zum Geburtstag wünscht dir {{network}}!' },
  en: { subject: 'Happy birthday, {{name}}!', text: 'Dear {{name}},\n\nhappy birthday from everyone at {{network}}!' },
} as const;

const fill = (template: string, values: { name: string; network: string }): string =>
  template.replace(/\{\{\s*name\s*\}\}|%\{name\}/g, values.name).replace(/\{\{\s*network\s*\}\}|%\{network\}/g, values.network);

export const composeBirthdayMail = (
  settings: BirthdayMailSettings,
  input: { name: string; network_name: string; language: string },
): { subject: string; text: string } => {
  const words = DEFAULTS[input.language.startsWith('de') ? 'de' : 'en'];
  const values = { name: input.name, network: input.network_name };
  return {
    subject: fill(settings.subject.trim() || words.subject, values),
    text: fill(settings.text.trim() || words.text, values),
  };
};

/**
 * Whether a birthday (YYYY-MM-DD) falls on a day (YYYY-MM-DD): same month and day; 29 February on
 * 28 February in years without it.
 */
export const isBirthdayOn = (birthday: string, day: string): boolean => {
  const born = /^\d{4}-(\d{2})-(\d{2})$/.exec(birthday);
  const on = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!born || !on) return false;
  if (born[1] === on[2] && born[2] === on[3]) return true;
  const year = Number(on[1]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return born[1] === '02' && born[2] === '29' && !leap && on[2] === '02' && on[3] === '28';
};

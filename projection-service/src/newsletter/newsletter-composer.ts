import { DESIGN_COLOR_PATTERN, NEWSLETTER_CONTENT_PLACEHOLDER, NEWSLETTER_DISCLAIMER_PLACEHOLDER, sanitizeHtml, wallClockOf, type DesignDto, type NewsletterTemplate } from '@cn/contracts';

/** one upcoming activity as the newsletter lists it */
export interface NewsletterActivity {
  id: string;
  name: string;
  /** ISO instant */
  start: string;
  /** path in the member console */
  html_url: string;
}

export interface NewsletterInput {
  template: NewsletterTemplate;
  member: { id: string; email: string; name: string };
  network: { name: string; base_url: string; language: string };
  /** the zone the recipient reads times in */
  time_zone: string;
  /** in the order the newsletter shows them */
  activities: readonly NewsletterActivity[];
  /** the mail imprint, when the imprint's show_newsletter_info asks for it (sanitised HTML) */
  mail_imprint: string | null;
  /** the design the template names (its `design`), else the network's active one; null: none */
  design: NewsletterDesign | null;
}

/** what of a design a newsletter shows: its colours and its logo */
export type NewsletterDesign = Pick<DesignDto, 'primary_color' | 'primary_text_color' | 'background_color' | 'logo_url'>;

/** a design's logo is an image of the network's own storage (the designs' request schema says so) */
const STORAGE_PATH = /^\/api\/storage\/[\w\-./]+$/;

export interface NewsletterMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const WORDS = {
  en: {
    subject: (network: string) => `${network}: newsletter`,
    upcoming: 'Upcoming activities',
    nothing: 'No upcoming activities.',
    disclaimer: (network: string) => `You receive this newsletter as a member of ${network}.`,
    settings: 'Change which mails you receive',
  },
  de: {
    subject: (network: string) => `${network}: Newsletter`,
    upcoming: 'Kommende Aktivitäten',
    nothing: 'Keine kommenden Aktivitäten.',
    disclaimer: (network: string) => `Sie erhalten diesen Newsletter als Mitglied von ${network}.`,
    settings: 'Einstellen, welche E-Mails Sie erhalten',
  },
} as const;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Style text that stays style text: no markup (a `<` could close the style element), no imports, no
 * scripted or bound values, no remote loads (tracking pixels, fonts from elsewhere).
 */
export const inertCss = (css: string): string =>
  css
    .replace(/[<>]/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/expression\s*\(/gi, '(')
    .replace(/javascript\s*:/gi, '')
    .replace(/-moz-binding|behavior\s*:/gi, '')
    .replace(/url\s*\([^)]*\)/gi, 'none');

/** font family names only: letters, digits, spaces, hyphens, quotes and commas */
export const safeFonts = (fonts: string): string => fonts.replace(/[^\p{L}\p{N} ,'"-]/gu, '').trim();

const formatStart = (start: string, timeZone: string): string => {
  const wall = wallClockOf(start, timeZone);
  return `${wall.date} ${wall.time.slice(0, 5)}`;
};

/**
 * The design's part of the mail: the background, headings and links in the primary colour (before the
 * template's own css, which may override them) and a header band in the primary colour with the logo
 * (an absolute address on the network's own host) or else the network's name. Only well-formed colours
 * and storage paths are written.
 */
const designParts = (design: NewsletterDesign | null, base: string, networkName: string): { style: string; header: string; background: string | null } => {
  if (!design) return { style: '', header: '', background: null };
  const colour = (value: string): string | null => (DESIGN_COLOR_PATTERN.test(value) ? value.toLowerCase() : null);
  const primary = colour(design.primary_color);
  const onPrimary = colour(design.primary_text_color);
  const background = colour(design.background_color);
  const style = primary ? `<style>a { color: ${primary}; } h1, h2, h3 { color: ${primary}; }</style>` : '';
  const logo = design.logo_url && STORAGE_PATH.test(design.logo_url) ? `<img src="${escapeHtml(`${base}${design.logo_url}`)}" alt="${escapeHtml(networkName)}" style="max-height: 48px">` : escapeHtml(networkName);
  const header = primary
    ? `<div class="newsletter-header" style="background-color: ${primary};${onPrimary ? ` color: ${onPrimary};` : ''} padding: 12px 16px">${logo}</div>`
    : '';
  return { style, header, background };
};

/**
 * The newsletter of one member: the template's body (sanitised like rich text: no script, no handlers)
 * with the upcoming activities where the content placeholder is and the disclaimer with the link to the
 * member's settings wherever the disclaimer placeholder is. The template's js never reaches a mail; its
 * css only as inert style text.
 */
export const composeNewsletter = (input: NewsletterInput): NewsletterMail => {
  const words = WORDS[input.network.language.startsWith('de') ? 'de' : 'en'];
  const base = input.network.base_url.replace(/\/$/, '');
  const settingsUrl = `${base}/members/${encodeURIComponent(input.member.id)}/settings/edit`;
  const content =
    input.activities.length === 0
      ? `<p>${escapeHtml(words.nothing)}</p>`
      : `<h2>${escapeHtml(words.upcoming)}</h2><ul>${input.activities
          .map((activity) => `<li><a href="${escapeHtml(`${base}${activity.html_url}`)}">${escapeHtml(activity.name)}</a> ${escapeHtml(formatStart(activity.start, input.time_zone))}</li>`)
          .join('')}</ul>`;
  const disclaimer = `<p>${escapeHtml(words.disclaimer(input.network.name))} <a href="${escapeHtml(settingsUrl)}">${escapeHtml(words.settings)}</a></p>${input.mail_imprint ? sanitizeHtml(input.mail_imprint) : ''}`;
  const body = sanitizeHtml(input.template.body).split(NEWSLETTER_CONTENT_PLACEHOLDER).join(content).split(NEWSLETTER_DISCLAIMER_PLACEHOLDER).join(disclaimer);
  const fonts = safeFonts(input.template.fonts);
  const design = designParts(input.design, base, input.network.name);
  const bodyStyle = [fonts ? `font-family: ${fonts}` : '', design.background ? `background-color: ${design.background}` : ''].filter(Boolean).join('; ');
  const html = `<!doctype html><html><head><meta charset="utf-8">${design.style}<style>${inertCss(input.template.css)}</style></head><body${bodyStyle ? ` style="${escapeHtml(bodyStyle)}"` : ''}>${design.header}${body}</body></html>`;
  const lines = [
    words.upcoming,
    '',
    ...(input.activities.length === 0 ? [words.nothing] : input.activities.map((activity) => `- ${activity.name}, ${formatStart(activity.start, input.time_zone)}: ${base}${activity.html_url}`)),
    '',
    '--',
    words.disclaimer(input.network.name),
    `${words.settings}: ${settingsUrl}`,
  ];
  return { to: [input.member.email], subject: words.subject(input.network.name), text: lines.join('\n'), html };
};

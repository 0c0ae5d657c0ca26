import { randomUUID } from 'node:crypto';
import { channelStream, sanitizeHtml, widgetFieldsSchema, type ChannelRow, type ChannelViewer, type WidgetFieldsInput } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import type { DemoLanguage } from '../seed/demo-texts';
import { executeCommand } from '../shared/execute-command';
import { channelDecider, type ChannelCommand } from './channel.decider';

type SeedInfra = Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>;

interface ChannelTexts {
  news: { title: string; description: string; welcome_title: string; welcome: string; team: string; blog: string; spotlight: string; appointments: string; link_title: string; link_description: string };
  articles: Array<{ title: string; html: string }>;
  gallery: { title: string; description: string; images: string; intro: string; photo: string };
  board: { title: string; description: string };
}

const TEXTS: Record<DemoLanguage, ChannelTexts> = {
  de: {
    news: {
      title: 'Neuigkeiten aus dem Netzwerk',
      description: 'Was im Netzwerk passiert: Ankündigungen, Berichte und Termine.',
      welcome_title: 'Willkommen',
      welcome: '<p>Schön, dass du da bist! Hier findest du <strong>Ankündigungen</strong>, Berichte aus den Gruppen und die nächsten Termine.</p><ul><li>Abonniere den Kanal, um nichts zu verpassen.</li><li>Markiere ihn mit dem Stern als Favorit.</li></ul>',
      team: 'Redaktion',
      blog: 'Neueste Artikel',
      spotlight: 'Im Fokus',
      appointments: 'Nächste Termine',
      link_title: 'Handbuch für Mitglieder',
      link_description: 'Alles Wichtige zum Netzwerk auf einen Blick.',
    },
    articles: [
      { title: 'Das Sommerfest kommt', html: '<p>Am Ende des Monats feiern wir unser <strong>Sommerfest</strong>. Bring gute Laune mit!</p><p>Helferinnen und Helfer melden sich bitte beim Vorstand.</p>' },
      { title: 'Neue Beete im Gemeinschaftsgarten', html: '<p>Die Gartenfreunde haben vier neue Hochbeete gebaut. <em>Danke an alle Beteiligten!</em></p>' },
    ],
    gallery: {
      title: 'Fotogalerie Sommerfest',
      description: 'Bilder vom letzten Sommerfest.',
      images: 'Bilder',
      intro: '<p>Klicke auf ein Bild, um die Galerie zu öffnen. Mit den Pfeiltasten blätterst du, mit Escape schließt du sie.</p>',
      photo: 'Foto',
    },
    board: { title: 'Vorstand intern', description: 'Entwurf: Protokolle und Planung des Vorstands.' },
  },
  en: {
    news: {
      title: 'Network news',
      description: 'What happens in the network: announcements, reports and events.',
      welcome_title: 'Welcome',
      welcome: '<p>Good to have you here! This is where you find <strong>announcements</strong>, reports from the groups and the next events.</p><ul><li>Subscribe to the channel to miss nothing.</li><li>Star it to keep it among your favourites.</li></ul>',
      team: 'Editorial team',
      blog: 'Latest articles',
      spotlight: 'In the spotlight',
      appointments: 'Next events',
      link_title: 'Member handbook',
      link_description: 'Everything important about the network at a glance.',
    },
    articles: [
      { title: 'The summer party is coming', html: '<p>At the end of the month we celebrate our <strong>summer party</strong>. Bring your good mood!</p><p>Helpers please get in touch with the board.</p>' },
      { title: 'New beds in the community garden', html: '<p>The gardening club built four new raised beds. <em>Thanks to everyone who helped!</em></p>' },
    ],
    gallery: {
      title: 'Summer party photo gallery',
      description: 'Pictures from the last summer party.',
      images: 'Pictures',
      intro: '<p>Click a picture to open the gallery. Page it with the arrow keys, close it with Escape.</p>',
      photo: 'Photo',
    },
    board: { title: 'Board internal', description: 'Draft: minutes and planning of the board.' },
  },
};

const PHOTO_COLORS = ['2e7d32', 'f9a825', '1565c0', 'c62828', '6a1b9a', '00838f'];

/** a small picture the seed can store without the internet: a coloured SVG with a sun and its caption */
const demoPicture = (color: string, caption: string): string => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600"><rect width="960" height="600" fill="#${color}"/><circle cx="760" cy="150" r="80" fill="#ffffff" fill-opacity="0.6"/><path d="M0 480 L260 300 L480 460 L700 320 L960 500 L960 600 L0 600 Z" fill="#000000" fill-opacity="0.25"/><text x="60" y="110" font-family="sans-serif" font-size="64" fill="#ffffff">${caption}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
};

const widget = (id: string, fields: WidgetFieldsInput) => ({ ...widgetFieldsSchema.parse(fields), id });

/**
 * Demo channels: network news (banner, text, people, blog, spotlight, appointments and link widgets, two
 * articles), a photo gallery (images widget) and a draft channel only administrators see.
 */
export const seedChannels = async (
  infra: SeedInfra,
  members: { admin: string; member: string },
  context: () => CommandContext,
  language: DemoLanguage,
): Promise<{ position: number; slugs: string[] }> => {
  const texts = TEXTS[language];
  const admin: ChannelViewer = { member_id: members.admin, network_admin: true, external: false };
  let position = 0;
  const run = async (slug: string, command: ChannelCommand) => {
    const handled = await executeCommand(infra, `Seed${command.type}`, { streamId: channelStream(slug), decider: channelDecider, command, context: { ...context(), memberId: members.admin } });
    position = Math.max(position, handled.position);
  };
  const create = (slug: string, title: string, description: string, status: 'active' | 'draft' = 'active') =>
    run(slug, { type: 'CreateChannel', channel_id: slug, title, description, channel_status: status, viewer: admin, may_create: true });
  const add = (slug: string, fields: WidgetFieldsInput): Promise<string> => {
    const id = randomUUID();
    return run(slug, { type: 'AddWidget', widget: widget(id, fields), viewer: admin }).then(() => id);
  };
  const layout = (slug: string, rows: ChannelRow[]) => run(slug, { type: 'ChangeChannelLayout', rows, viewer: admin });

  const news = language === 'de' ? 'neuigkeiten' : 'news';
  await create(news, texts.news.title, texts.news.description);
  await run(news, { type: 'ChangeChannelDesign', design: { logo_type: 'default', banner_type: 'image', banner_color: '2e7d32', banner_image: demoPicture('2e7d32', ''), logo_image: null }, viewer: admin });
  const articleIds: string[] = [];
  for (const article of texts.articles) {
    const id = randomUUID();
    await run(news, { type: 'PublishArticle', article_id: id, title: article.title, html_content: sanitizeHtml(article.html), viewer: admin });
    articleIds.push(id);
  }
  const banner = await add(news, { type: 'banner', title: texts.news.title, banner_background_color: '2e7d32', banner_title_color: 'ffffff' });
  const welcome = await add(news, { type: 'text', title: texts.news.welcome_title, html_content: texts.news.welcome });
  const team = await add(news, { type: 'people', title: texts.news.team, member_ids: [members.admin, members.member] });
  const blog = await add(news, { type: 'blog', title: texts.news.blog, count: 3 });
  const spotlight = await add(news, { type: 'spotlight', title: texts.news.spotlight, label: texts.news.spotlight, article_ids: [articleIds[0]] });
  const appointments = await add(news, { type: 'appointments', title: texts.news.appointments, count: 3 });
  const link = await add(news, {
    type: 'link',
    title: texts.news.link_title,
    link: { url: 'https://example.org/handbook', title: texts.news.link_title, description: texts.news.link_description, open_in_new_window: true },
  });
  await layout(news, [
    { layout: 'full', widgets: [banner] },
    { layout: 'half-2-1', widgets: [welcome, team] },
    { layout: 'third', widgets: [blog, spotlight, appointments] },
    { layout: 'full', widgets: [link] },
  ]);

  const gallery = language === 'de' ? 'fotogalerie' : 'photo-gallery';
  await create(gallery, texts.gallery.title, texts.gallery.description);
  const intro = await add(gallery, { type: 'text', title: texts.gallery.title, html_content: texts.gallery.intro });
  const images = await add(gallery, {
    type: 'images',
    title: texts.gallery.images,
    images: PHOTO_COLORS.map((color, i) => ({ id: `photo-${i + 1}`, url: demoPicture(color, `${texts.gallery.photo} ${i + 1}`), name: `${texts.gallery.photo} ${i + 1}` })),
  });
  await layout(gallery, [{ layout: 'half-1-2', widgets: [intro, images] }]);
  await run(gallery, { type: 'SetSubscription', subscribed: true, viewer: admin });

  const board = language === 'de' ? 'vorstand-intern' : 'board-internal';
  await create(board, texts.board.title, texts.board.description, 'draft');
  return { position, slugs: [news, gallery, board] };
};

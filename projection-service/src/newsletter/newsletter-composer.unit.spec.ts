import { DEFAULT_NEWSLETTER_TEMPLATE } from '@cn/contracts';
import { composeNewsletter, inertCss, safeFonts } from './newsletter-composer';

const input = {
  template: { ...DEFAULT_NEWSLETTER_TEMPLATE, body: '<h2 onclick="x()">Hi</h2><img src="https://tracker.example/p.png">{{content}}<p>{{disclaimer}}</p>{{disclaimer}}', js: 'steal()' },
  member: { id: 'bob', email: 'bob@example.org', name: 'Bob' },
  network: { name: 'Club', base_url: 'https://club.example/', language: 'de' },
  time_zone: 'Europe/Berlin',
  activities: [{ id: 'fair', name: 'Fair <b>&</b>', start: '2026-12-05T17:00:00.000Z', html_url: '/appointments/fair' }],
  mail_imprint: '<p>Club e.V., <script>x()</script>Berlin</p>',
  design: null,
};

describe('the newsletter mail', () => {
  it('renders the activities and the disclaimer into the sanitised template, in the network language', () => {
    const mail = composeNewsletter(input);
    expect(mail.to).toEqual(['bob@example.org']);
    expect(mail.subject).toBe('Club: Newsletter');
    expect(mail.html).toContain('<h2>Hi</h2>');
    expect(mail.html).toContain('<a href="https://club.example/appointments/fair">Fair &lt;b&gt;&amp;&lt;/b&gt;</a> 2026-12-05 18:00');
    expect(mail.html.match(/members\/bob\/settings\/edit/g)).toHaveLength(2);
    expect(mail.html).toContain('<p>Club e.V., Berlin</p>');
    expect(mail.html).not.toMatch(/onclick|<img|tracker|steal|<script/);
    expect(mail.text).toContain('- Fair <b>&</b>, 2026-12-05 18:00: https://club.example/appointments/fair');
    expect(mail.text).toContain('https://club.example/members/bob/settings/edit');
  });

  it('keeps css inert and font names plain', () => {
    expect(inertCss('@import url(x.css); p { background: url("https://t.example/a.png"); width: expression(alert(1)) } </style><script>')).toBe(' p { background: none; width: (alert(1)) } /stylescript');
    expect(safeFonts('Georgia, "Open Sans"; } body { x: url(a)')).toBe('Georgia, "Open Sans"  body  x urla');
  });

  it("applies the design: background, headings and links in the primary colour, a header band with the logo from the network's own host", () => {
    const mail = composeNewsletter({ ...input, design: { primary_color: '#AA3300', primary_text_color: '#ffffff', background_color: '#fafafa', logo_url: '/api/storage/files/f1/get/logo.png' } });
    expect(mail.html).toContain('<style>a { color: #aa3300; } h1, h2, h3 { color: #aa3300; }</style><style>');
    expect(mail.html).toContain('<body style="background-color: #fafafa">');
    expect(mail.html).toContain('<div class="newsletter-header" style="background-color: #aa3300; color: #ffffff; padding: 12px 16px"><img src="https://club.example/api/storage/files/f1/get/logo.png" alt="Club" style="max-height: 48px"></div>');
    // the template's own images stay out (no remote loads); the design's logo is the one image
    expect(mail.html.match(/<img/g)).toHaveLength(1);
  });

  it('names the network in the header without a logo, and writes nothing a design could smuggle in', () => {
    const plain = composeNewsletter({ ...input, design: { primary_color: '#224466', primary_text_color: '#ffffff', background_color: '#ffffff', logo_url: null } });
    expect(plain.html).toContain('padding: 12px 16px">Club</div>');
    expect(plain.html).not.toContain('<img');
    const forged = composeNewsletter({ ...input, design: { primary_color: 'red;}</style><script>', primary_text_color: 'x', background_color: '#fff" onload="x', logo_url: 'https://tracker.example/p.png' } });
    expect(forged.html).not.toMatch(/<script|onload|tracker|newsletter-header/);
    expect(composeNewsletter(input).html).not.toContain('newsletter-header');
  });
});

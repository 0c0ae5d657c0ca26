import { DEFAULT_NEWSLETTER_TEMPLATE } from '@cn/contracts';
import { composeNewsletter, inertCss, safeFonts } from './newsletter-composer';

const input = {
  template: { ...DEFAULT_NEWSLETTER_TEMPLATE, body: '<h2 onclick="x()">Hi</h2><img src="https://tracker.example/p.png">{{content}}<p>{{disclaimer}}</p>{{disclaimer}}', js: 'steal()' },
  member: { id: 'bob', email: 'bob@example.org', name: 'Bob' },
  network: { name: 'Club', base_url: 'https://club.example/', language: 'de' },
  time_zone: 'Europe/Berlin',
  activities: [{ id: 'fair', name: 'Fair <b>&</b>', start: '2026-12-05T17:00:00.000Z', html_url: '/appointments/fair' }],
  mail_imprint: '<p>Club e.V., <script>x()</script>Berlin</p>',
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
});

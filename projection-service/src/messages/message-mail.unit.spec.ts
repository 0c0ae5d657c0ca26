import { composeMessageBatchMail } from './message-mail';

const member = { id: 'bob', email: 'bob@example.org', name: 'Bob' };
const messages = [
  { id: 'm1', author_name: 'Ada Member', subject: 'Harvest', content: 'Bring a basket', attachments: 2 },
  { id: 'm 2', author_name: 'Cat Member', subject: '', content: 'Soup at noon', attachments: 0 },
];
const network = (language: string, sendBody: boolean) => ({ name: 'Club', base_url: 'https://club.example/', language, send_body: sendBody });

describe('the batch mail of several direct messages', () => {
  it('lists each message with its author, subject, text and link where the network sends bodies', () => {
    const mail = composeMessageBatchMail({ member, network: network('en', true), messages });
    expect(mail.to).toEqual(['bob@example.org']);
    expect(mail.subject).toBe('Club: 2 new messages');
    expect(mail.text).toContain('Harvest (from Ada Member)\nBring a basket\n2 attachments in the message.\nhttps://club.example/messages/m1');
    expect(mail.text).toContain('(no subject) (from Cat Member)\nSoup at noon\nhttps://club.example/messages/m%202');
    expect(mail.text).toContain('All messages:\nhttps://club.example/messages');
    expect(mail.text).toContain('https://club.example/members/bob/settings/edit');
  });

  it('names only the authors and links where the network does not send bodies, in German for a German network', () => {
    const mail = composeMessageBatchMail({ member, network: network('de', false), messages });
    expect(mail.subject).toBe('Club: 2 neue Nachrichten');
    expect(mail.text).toContain('Hallo Bob,\n\ndu hast 2 neue Nachrichten bekommen:');
    expect(mail.text).toContain('Ada Member hat dir eine Nachricht geschickt.\nhttps://club.example/messages/m1');
    for (const secret of ['Harvest', 'Bring a basket', 'Soup at noon', 'Anhänge']) expect(mail.text).not.toContain(secret);
  });
});

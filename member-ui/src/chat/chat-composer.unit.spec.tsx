/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { CHAT_MUTE_FOREVER, chatMentionedMemberIds, type ChatDto, type MemberSuggestion } from '@cn/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { allTranslations } from '../i18n/all-translations';
import { createI18n } from '../i18n';
import { aChatDto } from '../testing/chat-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { createDraftSync, type DraftSync } from './chat-drafts';
import { renderChatMarkdown } from './chat-markdown';
import { chatMentionAt, insertChatMention } from './chat-mentions';
import { Composer, MuteMenu } from './chat-parts';

const member = (id: string, displayName: string): MemberSuggestion => ({ id, displayName, detection_profile_field: '', is_external: false, images: { small: null } });
const ada = member('ada', 'Ada Admin');
const adam = member('adam', 'Adam Auditor');

/** two chats with a composer each, drafts kept as the provider keeps them */
const TwoChats = ({ onSend = () => undefined, saves }: { onSend?: (text: string) => void; saves?: Array<[string, string]> }) => {
  const sync = useRef<DraftSync | null>(null);
  const [, rerender] = useState(0);
  const [chatId, setChatId] = useState('member/bob');
  sync.current ??= createDraftSync({ save: (id, text) => saves?.push([id, text]) });
  return (
    <>
      <button type="button" data-testid="switch" onClick={() => setChatId((current) => (current === 'member/bob' ? 'group/g1' : 'member/bob'))}>
        switch
      </button>
      <Composer
        key={chatId}
        writable
        quote={null}
        text={sync.current.get(chatId)}
        onTextChange={(text) => {
          sync.current?.edit(chatId, text);
          rerender((n) => n + 1);
        }}
        onClearQuote={() => undefined}
        onSend={(text) => {
          sync.current?.sent(chatId);
          onSend(text);
          rerender((n) => n + 1);
        }}
        onComposing={() => undefined}
      />
    </>
  );
};

const typeInto = (field: HTMLTextAreaElement, value: string) => {
  fireEvent.change(field, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
};

describe('the chat composer: mentions', () => {
  it('finds the mention being typed before the caret and inserts the markdown the server reads', () => {
    expect(chatMentionAt('Hi @ad', 6)).toEqual({ query: 'ad', start: 3 });
    expect(chatMentionAt('Hi @', 4)).toEqual({ query: '', start: 3 });
    expect(chatMentionAt('mail me@ad', 10)).toBeNull();
    expect(chatMentionAt('Hi @ad and more', 15)).toBeNull();
    const inserted = insertChatMention('Hi @ad, see you', 6, { id: 'ada', displayName: 'Ada [Admin]' });
    expect(inserted.text).toBe('Hi [@Ada Admin](/members/ada) , see you');
    expect(inserted.caret).toBe('Hi [@Ada Admin](/members/ada) '.length);
    expect(chatMentionedMemberIds(inserted.text)).toEqual(['ada']);
  });

  it('typing @ lists the members (GET /members?q=); arrows and Enter pick one, a click picks another; Enter then sends', async () => {
    const server = fakeServer({ 'GET /members': (call) => ({ status: 200, body: call.url.includes('q=ad') ? [ada, adam] : [] }) });
    const sent: string[] = [];
    renderPage(<TwoChats onSend={(text) => sent.push(text)} />, { url: '/chat/member/bob', api: server.api });
    const field = await screen.findByTestId<HTMLTextAreaElement>('chat-composer-text');

    typeInto(field, 'Hi @');
    expect(screen.getByTestId('mention-picker').textContent).toContain('Type a name to mention a member.');
    typeInto(field, 'Hi @ad');
    await screen.findByTestId('mention-option-adam');
    expect(server.callsTo('GET', '/members')[0]?.url).toContain('q=ad');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    // Enter picks the member the keyboard is on and does not send
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.value).toBe('Hi [@Adam Auditor](/members/adam) ');
    expect(sent).toEqual([]);
    expect(screen.queryByTestId('mention-picker')).toBeNull();

    typeInto(field, `${field.value}and @ad`);
    fireEvent.click(await screen.findByTestId('mention-option-ada'));
    expect(field.value).toBe('Hi [@Adam Auditor](/members/adam) and [@Ada Admin](/members/ada) ');

    // Escape closes the picker; Enter then sends the text with both mentions
    typeInto(field, `${field.value}@ad`);
    await screen.findByTestId('mention-option-ada');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('mention-picker')).toBeNull();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(sent).toHaveLength(1);
    expect(chatMentionedMemberIds(sent[0] ?? '')).toEqual(['adam', 'ada']);
  });

  it('shows a mention in a message as a link to the member inside the console, other relative links as text', () => {
    const { container } = render(<div>{renderChatMarkdown('Hi [@Ada Admin](/members/ada), see [here](/admin) and [@x](javascript:alert(1))')}</div>);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('href'), link.textContent, link.getAttribute('target')])).toEqual([['/members/ada', '@Ada Admin', null]]);
    expect(container.textContent).toContain('here');
  });
});

describe('the chat composer: drafts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves at most once a second (the first key at once, the last one a second later)', () => {
    let clock = 0;
    const saves: Array<[string, string]> = [];
    const sync = createDraftSync({ save: (id, text) => saves.push([id, text]), now: () => clock });
    clock = 5_000;
    sync.edit('member/bob', 'H');
    sync.edit('member/bob', 'He');
    clock = 5_400;
    sync.edit('member/bob', 'Hel');
    expect(saves).toEqual([['member/bob', 'H']]);
    clock = 6_000;
    jest.advanceTimersByTime(1_000);
    expect(saves).toEqual([['member/bob', 'H'], ['member/bob', 'Hel']]);
    expect(sync.get('member/bob')).toBe('Hel');
  });

  it('keeps each chat\'s draft when switching chats and saves it for a reload', async () => {
    const saves: Array<[string, string]> = [];
    const server = fakeServer({ 'GET /members': { status: 200, body: [] } });
    renderPage(<TwoChats saves={saves} />, { url: '/chat/member/bob', api: server.api });
    const field = () => screen.getByTestId<HTMLTextAreaElement>('chat-composer-text');
    await screen.findByTestId('chat-composer-text');
    typeInto(field(), 'to Bob, unfinished');
    fireEvent.click(screen.getByTestId('switch'));
    expect(field().value).toBe('');
    typeInto(field(), 'to the group');
    fireEvent.click(screen.getByTestId('switch'));
    expect(field().value).toBe('to Bob, unfinished');
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(saves).toEqual([['member/bob', 'to Bob, unfinished'], ['group/g1', 'to the group']]));
  });

  it('restores the server\'s draft after a reload, follows another console, and never undoes a local edit with an echo', () => {
    const saves: Array<[string, string]> = [];
    const sync = createDraftSync({ save: (id, text) => saves.push([id, text]), now: () => 10_000 });
    // a reload: the chat's details bring the draft saved before
    expect(sync.loaded('member/bob', 'saved before the reload')).toBe('saved before the reload');
    // another console of the member saved a newer draft
    expect(sync.pushed('member/bob', 'typed on the phone', 40)).toBe('typed on the phone');
    // typing here: the save's own echo (an older text) does not undo what was typed since
    sync.edit('member/bob', 'typed here');
    sync.edit('member/bob', 'typed here, more');
    expect(sync.pushed('member/bob', 'typed here', 41)).toBeNull();
    expect(sync.get('member/bob')).toBe('typed here, more');
    sync.answered('member/bob', 41);
    jest.advanceTimersByTime(1_000);
    sync.answered('member/bob', 42);
    expect(saves.map(([, text]) => text)).toEqual(['typed here', 'typed here, more']);
    expect(sync.pushed('member/bob', 'typed here, more', 42)).toBeNull();
    // a details answer arriving after local typing keeps the local text
    expect(sync.loaded('member/bob', 'stale')).toBe('typed here, more');
    // sending clears it; until the send is answered a draft saved before it (another console's, a list
    // answered late) does not come back; the server's clearing push changes nothing
    sync.sent('member/bob');
    expect(sync.get('member/bob')).toBe('');
    expect(sync.pushed('member/bob', 'typed on the phone, before the send', 43)).toBeNull();
    sync.answered('member/bob', 44);
    expect(sync.pushed('member/bob', '', 44)).toBeNull();
    expect(sync.pushed('member/bob', 'typed on the phone, before the send', 43)).toBeNull();
    expect(sync.get('member/bob')).toBe('');
    // a newer draft of another console is taken again
    expect(sync.pushed('member/bob', 'next thought', 45)).toBe('next thought');
  });
});

describe('the mute menu', () => {
  const chat = (change: Partial<ChatDto> = {}): ChatDto => aChatDto(change);
  const renderMenu = (dto: ChatDto) => {
    const calls: string[] = [];
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <MuteMenu
          chat={dto}
          onMute={(option) => calls.push(`web:${option}`)}
          onUnmute={() => calls.push('web:off')}
          onMuteApp={(option) => calls.push(`app:${option}`)}
          onUnmuteApp={() => calls.push('app:off')}
        />
      </I18nextProvider>,
    );
    return calls;
  };

  it('offers the app-only mute beside the console\'s (no "forever" for the app)', () => {
    const calls = renderMenu(chat());
    fireEvent.click(screen.getByTestId('chat-mute-menu'));
    expect(screen.getByText('Only in the mobile app')).toBeTruthy();
    expect(screen.queryByTestId('chat-mute-app-forever')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-mute-app-week'));
    expect(calls).toEqual(['app:week']);
  });

  it('while muted in the app shows until when and only the way to turn it off', () => {
    const calls = renderMenu(chat({ app_muted_until: '2030-01-02T10:00:00.000Z' }));
    expect(screen.getByTestId('chat-app-muted').textContent).toContain('Muted in the app until');
    expect(screen.queryByTestId('chat-mute-menu')).toBeNull();
    expect(screen.queryByTestId('chat-unmute')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-unmute-app'));
    expect(calls).toEqual(['app:off']);
  });

  it('both mutes on: both states, each turned off by itself', () => {
    const calls = renderMenu(chat({ muted: true, muted_until: CHAT_MUTE_FOREVER, app_muted_until: '2030-01-02T10:00:00.000Z' }));
    expect(screen.getByTestId('chat-muted').textContent).toBe('Muted');
    fireEvent.click(screen.getByTestId('chat-unmute'));
    fireEvent.click(screen.getByTestId('chat-unmute-app'));
    expect(calls).toEqual(['web:off', 'app:off']);
  });
});

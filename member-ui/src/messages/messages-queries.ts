import { MESSAGES_COLLECTION, MESSAGES_PER_PAGE, type MessageBox, type SendMessageRequest } from '@cn/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { messagesApi } from './messages-api';

/** Query keys of the message screens and the badge. */
export const messagesKeys = {
  all: ['messages'] as const,
  list: (box: MessageBox, page: number) => [...messagesKeys.all, 'list', box, page] as const,
  message: (id: string) => [...messagesKeys.all, 'message', id] as const,
  unreads: () => [...messagesKeys.all, 'unreads'] as const,
  recipients: (q: string) => [...messagesKeys.all, 'recipients', q] as const,
};

/** one page (from 0) of the inbox or the sent box */
export const useMessages = (box: MessageBox, page: number) => {
  const { api } = useSession();
  return useQuery({
    queryKey: messagesKeys.list(box, page),
    queryFn: () => messagesApi(api).list(box, MESSAGES_PER_PAGE, page * MESSAGES_PER_PAGE),
    placeholderData: keepPreviousData,
  });
};

export const useMessage = (id: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: messagesKeys.message(id), queryFn: () => messagesApi(api).message(id) });
};

/** the unread received messages: the navigation's and the header's badge */
export const useUnreadMessages = (enabled = true): number => {
  const { api } = useSession();
  const query = useQuery({ queryKey: messagesKeys.unreads(), queryFn: () => messagesApi(api).unreads(), enabled });
  return query.data?.total ?? 0;
};

export const useRecipientOptions = (q: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: messagesKeys.recipients(q), queryFn: () => messagesApi(api).recipients(q), placeholderData: keepPreviousData });
};

const affects = [messagesKeys.all] as const;

/** the message commands of the screens; each reads the message screens and the badge again once accepted */
export const useMessageCommands = () => {
  const { api } = useSession();
  const calls = messagesApi(api);
  return {
    send: useCommand((request: SendMessageRequest) => calls.send(request), affects),
    markRead: useCommand((ids: readonly string[]) => calls.markRead(ids), affects),
    markUnread: useCommand((ids: readonly string[]) => calls.markUnread(ids), affects),
    remove: useCommand((input: { box: MessageBox; ids: readonly string[] }) => calls.remove(input.box, input.ids), affects),
  };
};

/** A pushed change of one of the member's copies (a new message, another tab's marks) reads the lists, the open message and the badge again. */
export const messagesLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== MESSAGES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: messagesKeys.all });
};

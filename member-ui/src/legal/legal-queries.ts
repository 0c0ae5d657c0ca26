import { LEGAL_TEXTS_COLLECTION } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { legalApi } from './legal-api';

export const legalKeys = {
  all: ['legal'] as const,
  imprint: () => [...legalKeys.all, 'imprint'] as const,
  text: (handle: string) => [...legalKeys.all, 'text', handle] as const,
  pending: (memberId: string) => [...legalKeys.all, 'pending', memberId] as const,
};

export const useImprint = () => {
  const { api } = useSession();
  return useQuery({ queryKey: legalKeys.imprint(), queryFn: () => legalApi(api).imprint() });
};

export const useLegalText = (handle: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: legalKeys.text(handle), queryFn: () => legalApi(api).text(handle), retry: false });
};

/** What the signed-in member has yet to accept; nothing asked of a visitor. */
export const usePendingConsents = (memberId: string | null) => {
  const { api } = useSession();
  return useQuery({ queryKey: legalKeys.pending(memberId ?? ''), queryFn: () => legalApi(api).pending(), enabled: memberId !== null });
};

export const useAcceptLegalText = () => {
  const { api } = useSession();
  return useCommand(({ id, version }: { id: string; version: number }) => legalApi(api).accept(id, version), [legalKeys.all]);
};

/** A legal text changed (a version that asks for consent) or was accepted: the consent screen and pages follow. */
export const legalLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== LEGAL_TEXTS_COLLECTION) return;
  void client.invalidateQueries({ queryKey: legalKeys.all });
};

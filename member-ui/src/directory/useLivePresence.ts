import type { MemberDto } from '@cn/contracts';
import { useEffect } from 'react';
import { presenceChangeOf } from '../realtime/changes';
import { useSession } from '../session/SessionContext';

/** Applies pushed presence changes to the members a page shows. */
export const useLivePresence = (update: (memberId: string, status: MemberDto['status']) => void) => {
  const { subscribe } = useSession();
  useEffect(
    () =>
      subscribe((message) => {
        const change = presenceChangeOf(message);
        if (change) update(change.memberId, change.status);
      }),
    [subscribe, update],
  );
};

export const withStatus = (member: MemberDto, status: MemberDto['status']): MemberDto => {
  const { status: _previous, ...rest } = member;
  return status ? { ...rest, status } : rest;
};


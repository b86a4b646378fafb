import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../../../stores/hooks';
import {
  backOfficeSessionSnapshot,
  parseBackOfficeSession,
  subscribeToBackOfficeSession,
} from '../../../lib/back-office-session';
import type { BackOfficeSession } from '../../../lib/back-office-session';

/** The signed-in user's back-office session, or null (none, another user's, or expired). */
export function useBackOfficeSession(): BackOfficeSession | null {
  const userId = useAppSelector((state) => state.account.userInfo?._id);
  const raw = useSyncExternalStore(
    subscribeToBackOfficeSession,
    backOfficeSessionSnapshot,
    () => null,
  );
  return parseBackOfficeSession(raw, userId);
}

/** True for the owner, who also refunds, cancels, manages staff and reads the audit log. */
export function useIsOwner(): boolean {
  return useAppSelector((state) => state.account.userInfo?.role === 'owner');
}

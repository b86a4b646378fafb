import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@shop/shared/accounts';
import { USER_ROLES } from '@shop/shared/roles';
import { sessionExpired } from '../lib/api';
import { removeStored, writeStored } from '../lib/storage';

export type AccountState = { userInfo: UserInfo | null };

const REQUIRED_TEXT = ['_id', 'name', 'email', 'token', 'createdAt'] as const;

/**
 * The stored userInfo when it has userInfoSchema's shape (checked by hand: the store is built on
 * the first page, which should not have to load zod for it), else null.
 */
export function storedUserInfo(value: unknown): UserInfo | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (!REQUIRED_TEXT.every((key) => typeof record[key] === 'string')) return null;
  if (record.message !== undefined && typeof record.message !== 'string') return null;
  // Stored before roles existed: a shopper. (The server decides what a role may do.)
  const role = record.role === undefined ? 'customer' : USER_ROLES.find((r) => r === record.role);
  if (!role) return null;
  const info: UserInfo = {
    _id: record._id as string,
    name: record.name as string,
    email: record.email as string,
    role,
    token: record.token as string,
    createdAt: record.createdAt as string,
  };
  if (typeof record.message === 'string') info.message = record.message;
  return info;
}

/** Restored at start-up; a stored value of the wrong shape is discarded. */
export function loadAccountState(): AccountState {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem('userInfo');
  } catch {
    return { userInfo: null }; // storage disabled
  }
  if (raw === null) return { userInfo: null };
  let userInfo: UserInfo | null = null;
  try {
    userInfo = storedUserInfo(JSON.parse(raw));
  } catch {
    // unparsable JSON
  }
  if (!userInfo) removeStored('userInfo');
  return { userInfo };
}

export function persistAccountState(state: AccountState): void {
  if (state.userInfo) writeStored('userInfo', state.userInfo);
  else removeStored('userInfo');
}

const accountSlice = createSlice({
  name: 'account',
  initialState: (): AccountState => ({ userInfo: null }),
  reducers: {
    loggedIn(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    loggedOut(state) {
      state.userInfo = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.userInfo = null;
    });
  },
});

export const { loggedIn, loggedOut } = accountSlice.actions;
export const accountReducer = accountSlice.reducer;

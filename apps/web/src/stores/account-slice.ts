import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import * as z from 'zod/mini';
import { userInfoSchema, userRoleSchema } from '@shop/shared/accounts';
import type { UserInfo } from '@shop/shared/accounts';
import { sessionExpired } from '../lib/api';
import { removeStored, writeStored } from '../lib/storage';

export type AccountState = { userInfo: UserInfo | null };

/** userInfoSchema, but a userInfo stored before roles existed is a shopper's. (The server decides what a role may do.) */
const storedUserInfoSchema = z.extend(userInfoSchema, {
  role: z._default(userRoleSchema, 'customer'),
});

/** The stored userInfo when it has userInfoSchema's shape, else null. */
export function storedUserInfo(value: unknown): UserInfo | null {
  const result = storedUserInfoSchema.safeParse(value);
  return result.success ? result.data : null;
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

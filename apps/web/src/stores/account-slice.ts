import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@shop/shared/accounts';
import { sessionExpired } from '../lib/api';
import type { StoredStateSchemas } from '../lib/contract-schemas';
import { removeStored, writeStored } from '../lib/storage';

export type AccountState = {
  userInfo: UserInfo | null;
  /**
   * Set by a logout until the home page has been asked for: the sign-in guard then sends the
   * shopper home too, not to /login (its redirect could land after the logout's way home).
   */
  signingOut?: boolean;
};

/**
 * Restored at start-up with `schemas` (lib/contract-schemas.ts, loaded only when localStorage
 * holds something: see app/store.ts); a stored value of the wrong shape is discarded.
 */
export function loadAccountState(schemas: StoredStateSchemas): AccountState {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem('userInfo');
  } catch {
    return { userInfo: null }; // storage disabled
  }
  if (raw === null) return { userInfo: null };
  let userInfo: UserInfo | null = null;
  try {
    const result = schemas.userInfo.safeParse(JSON.parse(raw));
    if (result.success) userInfo = result.data;
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
      state.signingOut = false;
    },
    loggedOut(state) {
      state.userInfo = null;
      state.signingOut = true;
    },
    /** The logout's way home has been asked for: the guard sends signed-out visitors to /login again. */
    signedOutHome(state) {
      state.signingOut = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.userInfo = null;
    });
  },
});

export const { loggedIn, loggedOut, signedOutHome } = accountSlice.actions;
export const accountReducer = accountSlice.reducer;

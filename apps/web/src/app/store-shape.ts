import type { StoreDispatch, StoreState } from '../stores/hooks';
import type { AppDispatch, RootState } from './store';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Features read the store through stores/hooks.ts, typed without the app: tsc fails here when the
 * store built in store.ts holds something else (a slice added there and not in stores/hooks.ts),
 * or its dispatch does not take what features dispatch.
 */
export const storeShapeMatches: Same<RootState, StoreState> = true;
export const dispatchMatches: [AppDispatch] extends [StoreDispatch] ? true : false = true;

import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../lib/api';
import type { accountReducer } from './account-slice';
import type { cartReducer } from './cart-slice';

/**
 * What the storefront's store holds, built from the same reducers as app/store.ts (which checks
 * that it matches, in app/store-shape.ts) but without importing the app: features type their
 * reads on it and never import app/ (docs/decisions/029).
 */
export type StoreState = Record<typeof api.reducerPath, ReturnType<typeof api.reducer>> & {
  cart: ReturnType<typeof cartReducer>;
  account: ReturnType<typeof accountReducer>;
};
export type StoreDispatch = ThunkDispatch<StoreState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<StoreDispatch>();
export const useAppSelector = useSelector.withTypes<StoreState>();

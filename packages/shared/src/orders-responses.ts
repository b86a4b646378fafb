import * as z from 'zod/mini';
import { orderSchema } from './orders';

/** GET /api/orders: the signed-in account's orders, newest first. */
export const orderListSchema = z.array(orderSchema);

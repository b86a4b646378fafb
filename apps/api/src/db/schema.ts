export * from './schema/catalog';
export * from './schema/accounts';
export * from './schema/orders';
export * from './schema/mail';
export * from './schema/back-office';
export * from './schema/collections';
export * from './schema/customers';

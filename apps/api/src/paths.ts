// Resolved from this file, which sits one folder below apps/api both as source (src/) and bundled (dist/).
export const MIGRATIONS_DIR = new URL('../drizzle/', import.meta.url).pathname;
export const WEB_DIST_DIR = new URL('../../web/dist/', import.meta.url).pathname;

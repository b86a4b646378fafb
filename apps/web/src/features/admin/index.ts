// features/admin's public entry (docs/decisions/029): nothing yet. Its routes are loaded by
// app/router.tsx on demand (admin-routes.tsx), apart from the storefront's pages.
export {};

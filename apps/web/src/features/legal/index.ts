// features/legal's public entry (docs/decisions/029): nothing; its pages are route modules that
// app/router.tsx loads on demand.
export {};

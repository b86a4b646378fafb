// features/home's public entry (docs/decisions/029): nothing; its page is a route module that
// app/router.tsx loads on demand.
export {};

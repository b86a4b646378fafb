// features/account's public entry: what other features may use (docs/decisions/029).
export { NewAccountFields, type NewAccountInput } from './components/new-account-fields';
export { useLogout, useLogoutSettled } from './hooks/use-logout';
export { useUserInfo } from './hooks/use-user-info';
export { passwordPairProblem } from './password-checks';

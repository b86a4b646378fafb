import { hash, verify } from '@node-rs/argon2';

// OWASP's first choice: argon2id, 19 MiB, 2 iterations, 1 lane. (Algorithm.Argon2id is a const
// enum, which isolated modules cannot inline; 2 is its value.)
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Checks a password against its hash. The app is given one (tests wrap it to count the checks). */
export type PasswordVerifier = (passwordHash: string, password: string) => Promise<boolean>;

export const verifyPassword: PasswordVerifier = async (passwordHash, password) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account is not told apart by timing. */
export async function verifyAgainstNobody(
  password: string,
  verify: PasswordVerifier = verifyPassword,
): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verify(await dummyHash, password);
  return false;
}

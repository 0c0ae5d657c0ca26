/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, createApiClient } from '../api/client';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { SessionProvider } from '../session/SessionContext';
import { SignInPage } from '../sign-in/SignInPage';
import { ToastProvider } from '../toasts/Toasts';
import { ChangePasswordForm } from './ChangePasswordSection';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { clientPasswordErrors, errorsAfterChange, serverPasswordErrors } from './password-form';
import { ResetPasswordPage } from './ResetPasswordPage';

interface Answer {
  status: number;
  body?: unknown;
}
type Call = { method: string; path: string; body: unknown };

/** A fake server: the network route answers 401 (signed out), the others what the test says, and every call is kept. */
const fakeServer = (answers: Record<string, Answer | ((body: unknown) => Answer)>) => {
  const calls: Call[] = [];
  const fetchImpl = ((input: string, init?: RequestInit) => {
    const path = input;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const configured = answers[`${method} ${path}`];
    const answer = typeof configured === 'function' ? configured(body) : (configured ?? { status: 401, body: { statusCode: 401, error: 'unauthenticated', errors: [] } });
    return Promise.resolve({
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: { get: () => null },
      text: () => Promise.resolve(answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as unknown as Response);
  }) as typeof fetch;
  return { calls, api: createApiClient(fetchImpl) };
};

const refusal = (status: number, errors: Array<{ field: string; key: string }>, error = errors[0]?.key ?? 'validation_failed') => ({
  status,
  body: { statusCode: status, error, errors },
});

const renderAt = (url: string, server: ReturnType<typeof fakeServer>, language: 'de' | 'en' = 'de') =>
  render(
    <I18nextProvider i18n={createI18n(language, allTranslations)}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider api={server.api}>
          <ToastProvider>
            <Routes>
              <Route path="/users/sign_in" element={<SignInPage />} />
              <Route path="/users/password/new" element={<ForgotPasswordPage />} />
              <Route path="/users/password/edit" element={<ResetPasswordPage />} />
              <Route path="/users/edit" element={<ChangePasswordForm email="max@example.org" />} />
            </Routes>
          </ToastProvider>
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await Promise.resolve();
  });
};
const errorOf = (name: string) => screen.queryByTestId(`error-${name}`)?.textContent ?? null;
/** a key the bundles translate, shown as is, would look like this */
const RAW_KEY = /\b(password_too_short|password_too_common|password_matches_email|password_confirmation_mismatch|current_password_invalid|reset_token_invalid|passwords\.\w+|errors\.\w+)\b/;

describe('password rules of the console', () => {
  it('checks presence, length, the address and the confirmation, and leaves the common-password list to the server', () => {
    expect(clientPasswordErrors({ current_password: '', password: '', password_confirmation: '' }, 'max@example.org')).toEqual({
      current_password: 'required',
      password: 'required',
    });
    expect(clientPasswordErrors({ password: 'short', password_confirmation: 'short' }, '')).toEqual({ password: 'password_too_short' });
    expect(clientPasswordErrors({ password: 'Max@Example.org', password_confirmation: 'Max@Example.org' }, 'max@example.org')).toEqual({
      password: 'password_matches_email',
    });
    expect(clientPasswordErrors({ password: 'password', password_confirmation: 'passwort' }, '')).toEqual({ password_confirmation: 'password_confirmation_mismatch' });
    expect(clientPasswordErrors({ password: 'password', password_confirmation: '' }, '')).toEqual({ password_confirmation: 'required' });
  });

  it('clears an error once its field is fixed and keeps the errors of fields not touched', () => {
    const shown = { current_password: 'current_password_invalid', password: 'password_too_short', password_confirmation: 'password_confirmation_mismatch' };
    const values = { current_password: 'old', password: 'long enough', password_confirmation: 'long enough' };
    expect(errorsAfterChange(shown, values, '', 'password')).toEqual({ current_password: 'current_password_invalid' });
    expect(errorsAfterChange({ password: 'password_too_common' }, values, '', 'password_confirmation')).toEqual({ password: 'password_too_common' });
  });

  it('sorts server errors onto the fields inside the envelope and keeps the rest general', () => {
    const error = new ApiError(422, { statusCode: 422, error: 'reset_token_invalid', errors: [{ field: 'user.reset_password_token', key: 'reset_token_invalid' }] });
    expect(serverPasswordErrors(error, 'user.')).toEqual({ fields: {}, general: 'reset_token_invalid' });
    const common = new ApiError(422, { statusCode: 422, error: 'password_too_common', errors: [{ field: 'user.password', key: 'password_too_common' }] });
    expect(serverPasswordErrors(common, 'user.')).toEqual({ fields: { password: 'password_too_common' }, general: null });
    expect(serverPasswordErrors(new Error('offline'))).toEqual({ fields: {}, general: 'generic_error' });
  });
});

describe('sign-in page', () => {
  it('links to the password reset', async () => {
    renderAt('/users/sign_in', fakeServer({}));
    const link = await screen.findByTestId('forgot-password-link');
    expect(link.textContent).toBe('Passwort vergessen?');
    expect(link.getAttribute('href')).toBe('/users/password/new');
  });

  it('says in words which field is missing or malformed before sending, and shows the password on request', async () => {
    const server = fakeServer({});
    renderAt('/users/sign_in', server);
    await screen.findByTestId('sign-in-form');
    type('email', 'not an address');
    await submit('sign-in-submit');
    expect(screen.getByTestId('error-email').textContent).toBe('Ungültiges Format.');
    expect(screen.getByTestId('error-password').textContent).toBe('Pflichtfeld.');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((call) => call.method === 'POST' && call.path === '/users/sign_in')).toHaveLength(0);

    type('password', 'secret words');
    expect(input('password').getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByTestId('toggle-password'));
    expect(input('password').getAttribute('type')).toBe('text');
    expect(screen.getByTestId('toggle-password').textContent).toBe('Verbergen');
  });
});

describe('/users/password/new', () => {
  const requestFor = async (email: string) => {
    const server = fakeServer({ 'POST /users/password': { status: 202, body: { requested: true } } });
    const view = renderAt('/users/password/new', server);
    await screen.findByTestId('password-reset-request-form');
    type('email', email);
    await submit('password-reset-request-submit');
    const confirmation = await screen.findByTestId('password-reset-requested');
    const text = confirmation.textContent;
    const page = document.body.textContent ?? '';
    view.unmount();
    return { text, page, calls: server.calls };
  };

  it('answers every address with the same confirmation, naming none', async () => {
    const known = await requestFor('member@example.org');
    const unknown = await requestFor('nobody-here@example.org');
    expect(known.text).toBe(unknown.text);
    expect(known.text).toContain('Falls ein Konto mit dieser Adresse existiert');
    expect(known.page).not.toContain('member@example.org');
    expect(known.calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/users/password', body: { user: { email: 'member@example.org' } } }]);
  });

  it('checks the address before sending and clears the message once it is fixed', async () => {
    const server = fakeServer({ 'POST /users/password': { status: 202, body: { requested: true } } });
    renderAt('/users/password/new', server);
    await screen.findByTestId('password-reset-request-form');
    await submit('password-reset-request-submit');
    expect(errorOf('email')).toBe('Pflichtfeld.');
    type('email', 'not-an-address');
    await submit('password-reset-request-submit');
    expect(errorOf('email')).toBe('Ungültiges Format.');
    type('email', 'member@example.org');
    expect(errorOf('email')).toBeNull();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('/users/password/edit', () => {
  const TOKEN = 'm1.secret-token';

  it('says a link without a token is invalid and offers a new one', async () => {
    renderAt('/users/password/edit', fakeServer({}));
    expect((await screen.findByTestId('password-reset-error')).textContent).toContain('ungültig oder abgelaufen');
    expect(screen.getByTestId('request-new-link').getAttribute('href')).toBe('/users/password/new');
  });

  it('shows the rules, checks length and confirmation while the member types, and toggles visibility', async () => {
    const server = fakeServer({});
    renderAt(`/users/password/edit?reset_password_token=${TOKEN}`, server);
    await screen.findByTestId('password-reset-form');
    const rules = screen.getByTestId('password-rules').textContent;
    expect(rules).toContain('mindestens 8 Zeichen');
    expect(rules).toContain('kein häufig verwendetes Passwort');
    expect(rules).toContain('nicht deine E-Mail-Adresse');

    type('password', 'kurz');
    type('password_confirmation', 'anders');
    await submit('password-reset-submit');
    expect(errorOf('password')).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(errorOf('password_confirmation')).toBe('Die Passwörter stimmen nicht überein.');
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);

    type('password', 'kurz und lang');
    expect(errorOf('password')).toBeNull();
    expect(errorOf('password_confirmation')).toBe('Die Passwörter stimmen nicht überein.');
    type('password_confirmation', 'kurz und lang');
    expect(errorOf('password_confirmation')).toBeNull();

    expect(input('password').type).toBe('password');
    fireEvent.click(screen.getByTestId('toggle-password'));
    expect(input('password').type).toBe('text');
    expect(screen.getByTestId('toggle-password').textContent).toBe('Verbergen');
  });

  it('shows what the server refused in words on the field, never the key', async () => {
    const server = fakeServer({ 'PUT /users/password': refusal(422, [{ field: 'user.password', key: 'password_too_common' }]) });
    renderAt(`/users/password/edit?reset_password_token=${TOKEN}`, server, 'en');
    await screen.findByTestId('password-reset-form');
    type('password', 'password1');
    type('password_confirmation', 'password1');
    await submit('password-reset-submit');
    await waitFor(() => expect(errorOf('password')).toBe('This password is widely used and easy to guess. Please choose another one.'));
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    expect(server.calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/users/password',
      body: { user: { reset_password_token: TOKEN, password: 'password1', password_confirmation: 'password1' } },
    });
  });

  it('offers a new link when the token is refused', async () => {
    renderAt(`/users/password/edit?reset_password_token=${TOKEN}`, fakeServer({ 'PUT /users/password': refusal(422, [{ field: 'user.reset_password_token', key: 'reset_token_invalid' }]) }));
    await screen.findByTestId('password-reset-form');
    type('password', 'a long new password');
    type('password_confirmation', 'a long new password');
    await submit('password-reset-submit');
    expect((await screen.findByTestId('password-reset-error')).textContent).toContain('Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.');
    expect(screen.getByTestId('request-new-link')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(RAW_KEY);
  });

  it('goes to the sign-in page with a notice once the password is saved', async () => {
    renderAt(`/users/password/edit?reset_password_token=${TOKEN}`, fakeServer({ 'PUT /users/password': { status: 200, body: { position: 7 } } }));
    await screen.findByTestId('password-reset-form');
    type('password', 'a long new password');
    type('password_confirmation', 'a long new password');
    await submit('password-reset-submit');
    expect((await screen.findByTestId('password-reset-notice')).textContent).toBe('Dein Passwort wurde geändert. Melde dich jetzt mit dem neuen Passwort an.');
    expect(screen.getByTestId('sign-in-form')).toBeTruthy();
  });
});

describe('change password on /users/edit', () => {
  it('refuses the own address before sending', async () => {
    const server = fakeServer({});
    renderAt('/users/edit', server);
    await screen.findByTestId('change-password-form');
    await submit('change-password-submit');
    expect(errorOf('current_password')).toBe('Pflichtfeld.');
    expect(errorOf('password')).toBe('Pflichtfeld.');
    type('current_password', 'old password');
    expect(errorOf('current_password')).toBeNull();
    type('password', 'max@example.org');
    type('password_confirmation', 'max@example.org');
    await submit('change-password-submit');
    expect(errorOf('password')).toBe('Das Passwort darf nicht deine E-Mail-Adresse sein.');
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a wrong current password on its field, and after success a toast and empty fields', async () => {
    let attempt = 0;
    const server = fakeServer({
      'PUT /api/v1/members/me/password': () =>
        ++attempt === 1 ? refusal(422, [{ field: 'current_password', key: 'current_password_invalid' }]) : { status: 200, body: { position: 9 } },
    });
    renderAt('/users/edit', server);
    await screen.findByTestId('change-password-form');
    type('current_password', 'wrong one');
    type('password', 'a long new password');
    type('password_confirmation', 'a long new password');
    await submit('change-password-submit');
    await waitFor(() => expect(errorOf('current_password')).toBe('Das aktuelle Passwort ist nicht richtig.'));
    expect(errorOf('password')).toBeNull();
    // editing another field keeps the server's word on the current password
    type('password', 'a longer new password');
    type('password_confirmation', 'a longer new password');
    expect(errorOf('current_password')).toBe('Das aktuelle Passwort ist nicht richtig.');

    type('current_password', 'right one');
    expect(errorOf('current_password')).toBeNull();
    await submit('change-password-submit');
    expect((await screen.findByTestId('toast')).textContent).toContain('Dein Passwort wurde geändert.');
    expect(input('current_password').value).toBe('');
    expect(input('password').value).toBe('');
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { current_password: 'wrong one', password: 'a long new password', password_confirmation: 'a long new password' },
      { current_password: 'right one', password: 'a longer new password', password_confirmation: 'a longer new password' },
    ]);
  });
});

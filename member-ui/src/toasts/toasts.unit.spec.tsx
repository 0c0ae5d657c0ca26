/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { MAX_TOASTS, ToastProvider, useToasts, type ToastKind } from './Toasts';

const Trigger = ({ kind, message, label }: { kind: ToastKind; message: string; label: string }) => {
  const { show } = useToasts();
  return (
    <button type="button" onClick={() => show(kind, message)}>
      {label}
    </button>
  );
};

const renderToasts = () =>
  render(
    <I18nextProvider i18n={createI18n('en', allTranslations)}>
      <ToastProvider>
        <Trigger kind="success" message="appointments.toasts.saved" label="save" />
        <Trigger kind="error" message="errors.generic_error" label="fail" />
        <Trigger kind="error" message="errors.attendee_limit_exceeded" label="full" />
        <Trigger kind="error" message="errors.already_canceled" label="canceled" />
      </ToastProvider>
    </I18nextProvider>,
  );

describe('toasts', () => {
  it('shows the same message once however often it comes, in words', () => {
    renderToasts();
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByText('full'));
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['This appointment is fully booked.×']);
  });

  it(`keeps at most ${MAX_TOASTS} on screen, the newest`, () => {
    renderToasts();
    for (const label of ['save', 'fail', 'full', 'canceled']) fireEvent.click(screen.getByText(label));
    const shown = screen.getAllByTestId('toast').map((toast) => toast.textContent);
    expect(shown).toHaveLength(MAX_TOASTS);
    expect(shown[MAX_TOASTS - 1]).toContain('This appointment is already canceled.');
    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(MAX_TOASTS - 1);
  });
});

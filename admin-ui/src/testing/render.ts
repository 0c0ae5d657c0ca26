import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// React warns about updates outside act() unless the environment says it is a test
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A small stand-in for @testing-library/react on react-dom alone (admin-ui declares no test library):
 * render into the document, wait for what should appear, type and click the way a browser would.
 */
export const render = async (ui: ReactNode): Promise<{ unmount: () => void }> => {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => {
    root.render(ui);
    await Promise.resolve();
  });
  return {
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
};

/** Retries `check` (letting React and timers run) until it passes or the time is up. */
export const waitFor = async <T>(check: () => T, timeoutMs = 3000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 25));
      });
    }
  }
};

/** elements that have a role without saying so */
const IMPLICIT_ROLES: Record<string, string> = { button: 'button', link: 'a[href]' };

/** The elements with this role whose text (or accessible label) matches. */
export const allByRole = (role: string, name?: string | RegExp): HTMLElement[] =>
  [...document.querySelectorAll<HTMLElement>([`[role="${role}"]`, IMPLICIT_ROLES[role]].filter(Boolean).join(','))].filter((element) => {
    if (name === undefined) return true;
    const label = element.getAttribute('aria-label') ?? labelOf(element) ?? element.textContent ?? '';
    return typeof name === 'string' ? label.trim() === name : name.test(label);
  });

const labelOf = (element: HTMLElement): string | null => {
  const id = element.getAttribute('aria-labelledby') ?? element.id;
  if (!id) return null;
  const label = document.querySelector(`label[for="${id}"]`) ?? document.getElementById(id.split(' ')[0] ?? '');
  return label === element ? null : (label?.textContent?.replace(/\s*\*$/, '') ?? null);
};

/** The one element with this role and name; throws (so that waitFor retries) while there is none. */
export const byRole = (role: string, name?: string | RegExp): HTMLElement => {
  const found = allByRole(role, name);
  if (found.length !== 1) throw new Error(`expected one ${role} named ${String(name)}, found ${found.length}`);
  return found[0];
};

/** Sets an input's value through the DOM setter React listens to, then fires `input`. */
export const typeInto = async (input: HTMLElement, text: string): Promise<void> => {
  if (!(input instanceof HTMLInputElement)) throw new Error('not an input');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
  });
};

export const click = async (element: HTMLElement): Promise<void> => {
  await act(async () => {
    element.click();
    await Promise.resolve();
  });
};

import { FLASH_DISMISS_MS } from '@cn/contracts';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  /** i18n key */
  message: string;
}

interface Toasts {
  show: (kind: ToastKind, message: string) => void;
}

const ToastContext = createContext<Toasts | null>(null);

/** at most this many toasts at once: a new one pushes the oldest out */
export const MAX_TOASTS = 3;

export const ToastProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      // toasts do not pile up: the same message again replaces the one shown (its time starts again), and
      // no more than MAX_TOASTS are on screen
      setToasts((current) => [...current.filter((toast) => toast.kind !== kind || toast.message !== message), { id, kind, message }].slice(-MAX_TOASTS));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, FLASH_DISMISS_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext value={value}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
            <span>{t(toast.message)}</span>
            <button type="button" className="icon-button" onClick={() => dismiss(toast.id)} aria-label={t('common.close')}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
};

export const useToasts = (): Toasts => {
  const toasts = use(ToastContext);
  if (!toasts) throw new Error('useToasts outside ToastProvider');
  return toasts;
};

import { useCallback, useEffect, useRef } from 'react';

/** Calls the latest `callback` once `delayMs` have passed without a new call. */
export const useDebouncedCallback = <Args extends unknown[]>(callback: (...args: Args) => void, delayMs: number) => {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const run = useCallback(
    (...args: Args) => {
      cancel();
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [cancel, delayMs],
  );
  return { run, cancel };
};

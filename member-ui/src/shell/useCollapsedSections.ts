import { useCallback, useState } from 'react';

export const COLLAPSED_SECTIONS_KEY = 'cn.nav.collapsed';

const read = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COLLAPSED_SECTIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
};

/** Left navigation sections are collapsed or open, remembered per browser. */
export const useCollapsedSections = () => {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set(read()));
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        window.localStorage.setItem(COLLAPSED_SECTIONS_KEY, JSON.stringify([...next]));
      } catch {
        // storage unavailable: the state lasts for this page
      }
      return next;
    });
  }, []);
  return { collapsed, toggle };
};

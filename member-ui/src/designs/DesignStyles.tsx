import { useEffect, type ReactNode } from 'react';
import { appliedDesignOf, designVariables, useActiveDesigns } from './designs-queries';

/**
 * Applies the active design to the whole console through CSS variables on the root element (the
 * network's, the group's on its pages); without one, the console's own colours stay. Renders nothing.
 */
export const DesignStyles = () => {
  const design = appliedDesignOf(useActiveDesigns().data);
  useEffect(() => {
    if (!design) return;
    const root = document.documentElement.style;
    const variables = designVariables(design);
    for (const [name, value] of Object.entries(variables)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.removeProperty(name);
    };
  }, [design]);
  return null;
};

/** The active design's logo where it has one, else the console's own. */
export const DesignLogo = ({ fallback }: { fallback: ReactNode }) => {
  const design = appliedDesignOf(useActiveDesigns().data);
  if (!design?.logo_url) return <>{fallback}</>;
  return <img className="logo" src={design.logo_url} alt="" height={32} data-testid="design-logo" />;
};

import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/**
 * A page fetched when first shown, so that the console's first script carries none of the pages
 * (issue 8: one 1.3 MB script). Used for every resource's list/edit/create and the custom routes.
 */
export const lazyPage = (load: () => Promise<ComponentType>): ComponentType => {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  const LazyPage = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return LazyPage;
};

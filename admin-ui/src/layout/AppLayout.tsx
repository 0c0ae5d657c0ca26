import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import type { NetworkResponse } from '@cn/contracts';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

/** react-admin's layout with our menu and an app bar that knows the network (its name, the way back). */
export const createAppLayout = (loadNetwork: () => Promise<NetworkResponse>) => {
  const NetworkAppBar = () => <AppBar loadNetwork={loadNetwork} />;
  const AppLayout = ({ children }: { children: ReactNode }) => (
    <Layout menu={AppMenu} appBar={NetworkAppBar}>
      {children}
    </Layout>
  );
  return AppLayout;
};

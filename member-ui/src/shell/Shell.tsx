import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { ConsentGate } from '../legal/ConsentGate';
import { ChatProvider } from '../chat/ChatContext';
import { useSignedIn } from '../session/SessionContext';
import { AVAILABLE_MODULES } from './navigation';
import { Header } from './Header';
import { LeftNavigation } from './LeftNavigation';
import { DesignStyles } from '../designs/DesignStyles';

/** the chat/status panel (the status form, the chat list) is fetched when first opened, not with the shell */
const ChatPanel = lazy(async () => ({ default: (await import('./ChatPanel')).ChatPanel }));

/** Header, left navigation (a drawer under 1024 px), the page, and the chat/status panel. */
export const Shell = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [panel, setPanel] = useState<'closed' | 'chat'>('closed');
  const closePanel = useCallback(() => setPanel('closed'), []);
  const { can } = useSignedIn();

  useEffect(() => setNavOpen(false), [pathname]);

  return (
    <ChatProvider enabled={can.chat && AVAILABLE_MODULES.has('chat')}>
    <div className={`shell ${navOpen ? 'shell--nav-open' : ''}`}>
      <DesignStyles />
      <a className="skip-link" href="#main">
        {t('common.skip_to_content')}
      </a>
      <Header
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((open) => !open)}
        chatOpen={panel !== 'closed'}
        onToggleChat={() => setPanel((current) => (current === 'closed' ? 'chat' : 'closed'))}
      />
      <div className="shell__body">
        <div id="left-navigation" className="shell__nav">
          <LeftNavigation onNavigate={() => setNavOpen(false)} />
        </div>
        {navOpen ? <div className="shell__backdrop" onClick={() => setNavOpen(false)} aria-hidden="true" /> : null}
        <main id="main" className="shell__main" tabIndex={-1}>
          <ConsentGate>
            <Outlet />
          </ConsentGate>
        </main>
        {panel !== 'closed' ? (
          <Suspense fallback={null}>
            <ChatPanel onClose={closePanel} focusStatus={false} />
          </Suspense>
        ) : null}
      </div>
    </div>
    </ChatProvider>
  );
};

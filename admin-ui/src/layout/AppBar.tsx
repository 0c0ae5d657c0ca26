import { useEffect, useState } from 'react';
import { AppBar as RaAppBar, TitlePortal, useGetOne, usePermissions, useTranslate } from 'react-admin';
import { Box, Button, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import type { NetworkResponse } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { SETTINGS_RECORD_ID, type SettingsRecord } from '../settings/settings-record';

/** Where the member console lives: the administration is served beside it under /admin/. */
export const MEMBER_CONSOLE_HREF = '/';

/**
 * The network's name as the member console shows it in its header; nothing while it loads or fails.
 * Administrators read it from the settings record, so a renamed network shows here as soon as it is
 * saved; auditors, who may not read the settings, from the network endpoint.
 */
const useNetworkName = (loadNetwork: () => Promise<NetworkResponse>): string | null => {
  const { permissions } = usePermissions<Permissions | null>();
  const { data: settings } = useGetOne<SettingsRecord>(
    'settings',
    { id: SETTINGS_RECORD_ID },
    { enabled: permissions?.administrate === true },
  );
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    loadNetwork()
      .then((answer) => {
        if (active) setName(answer.network.name);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [loadNetwork]);
  return settings?.basic.name ?? name;
};

/** On a phone the link shrinks to its icon (named for screen readers) so that the bar never scrolls sideways. */
const MemberConsoleLink = () => {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('cn.layout.to_member_console');
  if (small) {
    return (
      <Tooltip title={label}>
        <IconButton component="a" href={MEMBER_CONSOLE_HREF} aria-label={label} color="primary" data-testid="member-console-link">
          <HomeIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button component="a" href={MEMBER_CONSOLE_HREF} startIcon={<HomeIcon />} data-testid="member-console-link" sx={{ flex: 'none' }}>
      {label}
    </Button>
  );
};

/** The member console's header in spirit: the network's name first, then the page, then the way back. */
export const AppBar = ({ loadNetwork }: { loadNetwork: () => Promise<NetworkResponse> }) => {
  const networkName = useNetworkName(loadNetwork);
  return (
    <RaAppBar>
      {/* on a phone the network's name sits above the page's title, so that both stay readable */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'baseline' },
          columnGap: 1,
          flex: 1,
          minWidth: 0,
        }}
      >
        {networkName !== null && (
          <Typography
            component="span"
            noWrap
            data-testid="network-name"
            sx={{
              fontWeight: 700,
              color: 'primary.main',
              flex: 'none',
              maxWidth: { xs: '100%', sm: '40%' },
              fontSize: { xs: '0.8rem', sm: '1rem' },
              lineHeight: { xs: 1.3, sm: 1.5 },
            }}
          >
            {networkName}
          </Typography>
        )}
        <TitlePortal
          variant="body1"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: { xs: 1.3, sm: 1.5 } }}
        />
      </Box>
      <MemberConsoleLink />
    </RaAppBar>
  );
};

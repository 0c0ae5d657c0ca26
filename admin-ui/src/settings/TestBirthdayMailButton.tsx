import SendIcon from '@mui/icons-material/Send';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SettingsCommands } from './settings-data-provider';

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'generic_error';
};

/**
 * Mails the saved birthday mail to the signed-in administrator (spec: test birthday mail, success toast).
 * It sends what the server holds, so unsaved changes of the form are not in it: the hint says so.
 */
export const TestBirthdayMailButton = () => {
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & SettingsCommands>();
  const notify = useNotify();
  const translate = useTranslate();
  const [pending, setPending] = useState(false);

  const send = async () => {
    setPending(true);
    try {
      await dataProvider.sendTestBirthdayMail('settings');
      notify('cn.settings.test_birthday_mail.sent', { type: 'success' });
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
      <Button label="cn.settings.test_birthday_mail.action" variant="outlined" disabled={pending} onClick={() => void send()} data-testid="send-test-birthday-mail">
        <SendIcon />
      </Button>
      <Typography variant="body2" color="text.secondary">
        {translate('cn.settings.test_birthday_mail.hint')}
      </Typography>
    </Box>
  );
};

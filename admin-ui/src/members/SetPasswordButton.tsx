import KeyIcon from '@mui/icons-material/Key';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { MemberDto } from '@cn/contracts';
import { setPasswordError, setPasswordRefusal } from './setPassword';

/**
 * Sets a member's password (network administrators): a dialog with the rules, checked here for what the
 * console can check and by the server for the rest; its refusals are shown on the field in words.
 */
export const SetPasswordButton = () => {
  const member = useRecordContext<MemberDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  if (!member || member.deleted) return null;
  const email = member.email ?? '';

  const close = () => {
    setOpen(false);
    setPassword('');
    setShown(false);
    setFieldError(null);
    setGeneralError(null);
  };

  const save = async () => {
    const found = setPasswordError(password, email);
    setFieldError(found);
    setGeneralError(null);
    if (found) return;
    try {
      await update('members', { id: member.id, data: { password }, previousData: member }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('cn.notifications.password_set', { type: 'success', messageArgs: { name: member.name } });
      close();
    } catch (error) {
      const refusal = setPasswordRefusal(error);
      setFieldError(refusal.field);
      setGeneralError(refusal.general);
    }
  };

  return (
    <>
      <Button label="resources.members.set_password.action" onClick={() => setOpen(true)} data-testid="set-password">
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="set-password-title" fullWidth maxWidth="xs">
        <form
          noValidate
          data-testid="set-password-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogTitle id="set-password-title">{translate('resources.members.set_password.title', { name: member.name })}</DialogTitle>
          <DialogContent>
            {generalError ? (
              <Typography color="error" role="alert" sx={{ mb: 1 }} data-testid="set-password-error">
                {translate(`cn.errors.${generalError}`, { _: translate('cn.errors.generic_error') })}
              </Typography>
            ) : null}
            <TextField
              name="password"
              type={shown ? 'text' : 'password'}
              label={translate('resources.members.fields.password')}
              value={password}
              autoComplete="new-password"
              autoFocus
              fullWidth
              margin="dense"
              error={fieldError !== null}
              helperText={fieldError ? translate(`cn.errors.${fieldError}`, { _: translate('cn.errors.generic_error') }) : translate('resources.members.set_password.rules')}
              onChange={(event) => {
                const next = event.target.value;
                setPassword(next);
                // a message goes as soon as the field is fixed
                if (fieldError !== null) setFieldError(setPasswordError(next, email));
              }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        onClick={() => setShown((current) => !current)}
                        edge="end"
                        aria-label={translate(shown ? 'resources.members.set_password.hide' : 'resources.members.set_password.show')}
                      >
                        {shown ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={close} />
            <Button label="ra.action.save" type="submit" variant="contained" disabled={isPending} data-testid="set-password-save" />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};

import { useEffect, useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import type { NetworkResponse } from '@cn/contracts';
import { mayEnter } from '../api/authProvider';

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message.startsWith('cn.') ? error.message : 'cn.errors.generic_error';

/**
 * Sign-in with the member console's credentials (POST /users/sign_in). A member who is signed in but
 * neither administrator nor auditor is told so here (and may sign in as someone else).
 */
export const LoginPage = ({ loadNetwork }: { loadNetwork: () => Promise<NetworkResponse> }) => {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedInAs, setSignedInAs] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    loadNetwork()
      .then((network) => {
        if (active && network.current_member !== null && !mayEnter(network)) {
          setSignedInAs(network.current_member.name);
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [loadNetwork]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    login({ email, password })
      .catch((reason: unknown) => {
        setError(messageOf(reason));
      })
      .finally(() => setSubmitting(false));
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h1">
              {translate('cn.auth.title')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          {signedInAs !== null && (
            <Alert severity="warning" data-testid="login-forbidden" sx={{ mt: 2 }}>
              {translate('cn.auth.forbidden_as', { name: signedInAs })}
            </Alert>
          )}
          {error !== null && (
            <Alert severity="error" role="alert" data-testid="login-error" sx={{ mt: 2 }}>
              {translate(error)}
            </Alert>
          )}
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
            <TextField
              name="email"
              type="email"
              label={translate('cn.auth.email')}
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoFocus
            />
            <TextField
              name="password"
              type="password"
              label={translate('cn.auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <Button type="submit" variant="contained" disabled={submitting} data-testid="login-submit">
              {submitting ? <CircularProgress size={22} /> : translate('cn.auth.sign_in')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

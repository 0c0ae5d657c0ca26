import { Box, Typography } from '@mui/material';
import { CreateButton, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../api/authProvider';

/** A list with no record yet: what it holds in words, and 'create' for those who administrate. */
export const EmptyList = ({ resource, testId }: { resource: string; testId: string }) => {
  const translate = useTranslate();
  const { permissions } = usePermissions<Permissions | null>();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6">{translate(`resources.${resource}.empty`)}</Typography>
      {permissions?.administrate === true ? <CreateButton resource={resource} /> : null}
    </Box>
  );
};

import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { GROUP_CATEGORY_COLOR_DEFAULT, GROUP_NAME_MAX } from '@cn/contracts';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';
import { moved } from './categories-order';
import { GROUP_CATEGORIES_RECORD_ID, type GroupCategoriesRecord, type GroupCategoryEntry } from './group-categories-data-provider';

/** The categories in their order (move up and down), and a row to add one. */
const CategoriesInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext<GroupCategoriesRecord>();
  const categories = useWatch<GroupCategoriesRecord, 'categories'>({ name: 'categories' }) ?? [];
  const [draft, setDraft] = useState<GroupCategoryEntry>({ name: '', plural_name: '', color: GROUP_CATEGORY_COLOR_DEFAULT, members_can_create: false });
  const change = (next: GroupCategoryEntry[]) => setValue('categories', next, { shouldDirty: true });
  const complete = draft.name.trim() !== '' && draft.plural_name.trim() !== '';
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }} data-testid="group-categories">
      <List dense>
        {categories.map((category, index) => (
          <ListItem
            key={category.id ?? `new-${index}`}
            data-testid={`group-category-${category.slug ?? category.name}`}
            secondaryAction={
              <>
                <IconButton aria-label={translate('cn.group_categories.up')} disabled={index === 0} onClick={() => change(moved(categories, index, -1))}>
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton aria-label={translate('cn.group_categories.down')} disabled={index === categories.length - 1} onClick={() => change(moved(categories, index, 1))}>
                  <ArrowDownwardIcon />
                </IconButton>
              </>
            }
          >
            <ListItemText primary={category.plural_name} secondary={category.id ? category.name : translate('cn.group_categories.unsaved')} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
        <TextField
          size="small"
          label={translate('cn.group_categories.name')}
          value={draft.name}
          slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX } }}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextField
          size="small"
          label={translate('cn.group_categories.plural_name')}
          value={draft.plural_name}
          slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX } }}
          onChange={(event) => setDraft({ ...draft, plural_name: event.target.value })}
        />
        <FormControlLabel
          control={<Checkbox checked={draft.members_can_create} onChange={(event) => setDraft({ ...draft, members_can_create: event.target.checked })} />}
          label={translate('cn.group_categories.members_can_create')}
        />
        <Button
          variant="outlined"
          disabled={!complete}
          data-testid="add-group-category"
          onClick={() => {
            change([...categories, { ...draft, name: draft.name.trim(), plural_name: draft.plural_name.trim() }]);
            setDraft({ name: '', plural_name: '', color: GROUP_CATEGORY_COLOR_DEFAULT, members_can_create: false });
          }}
        >
          {translate('cn.group_categories.add')}
        </Button>
      </Box>
    </Box>
  );
};

/** /administration/group-categories-order/edit of the spec: the directory tabs' order, and new categories. */
export const GroupCategoriesEdit = () => (
  <NetworkRecordEdit resource="group-categories" id={GROUP_CATEGORIES_RECORD_ID} title="cn.group_categories.title" actions={false} saveTestId="group-categories-save" alwaysEnabled>
    <CategoriesInput />
  </NetworkRecordEdit>
);

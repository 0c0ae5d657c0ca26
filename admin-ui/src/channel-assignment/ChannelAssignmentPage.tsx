import { useState } from 'react';
import { useWatch, type FieldValues, type SubmitHandler } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Form,
  ReferenceArrayInput,
  SaveButton,
  Title,
  useDataProvider,
  useGetList,
  useNotify,
} from 'react-admin';
import { Card, CardContent } from '@mui/material';
import { GroupsReferenceArrayInput } from '../pickers/GroupsReferenceArrayInput';
import { refusalOf } from '../layout/ConfirmedDeleteButton';
import type { ChannelAssignmentCommands } from './channel-assignment-data-provider';
import { validateChannelAssignment, type ChannelAssignmentValues } from './channel-assignment-form';

const searchByName = (text: string) => ({ q: text });

/** members and groups, switched off while every network member is meant */
const AssigneePickers = () => {
  const all = useWatch({ name: 'subscribe_all_network_members' }) === true;
  return (
    <>
      <ReferenceArrayInput source="member_ids" reference="members" perPage={20}>
        <AutocompleteArrayInput
          optionText="name"
          filterToQuery={searchByName}
          fullWidth
          disabled={all}
          label="resources.channel_assignment.fields.members"
          data-testid="channel-assignment-members"
        />
      </ReferenceArrayInput>
      <GroupsReferenceArrayInput source="group_ids" disabled={all} label="resources.channel_assignment.fields.groups" data-testid="channel-assignment-groups" />
    </>
  );
};

/** /channel_settings/assign: subscribe chosen members, groups' members or every network member to channels. */
export const ChannelAssignmentPage = () => {
  const notify = useNotify();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & ChannelAssignmentCommands>();
  const channels = useGetList<{ id: string; name: string }>('channel_assignment', { pagination: { page: 1, perPage: 100 } });
  const [formKey, setFormKey] = useState(0);
  const submit = async (values: ChannelAssignmentValues) => {
    try {
      const { added } = await dataProvider.assignChannelSubscriptions('channel_assignment', { data: values });
      notify('resources.channel_assignment.assigned', { type: 'success', messageArgs: { smart_count: added } });
      setFormKey((key) => key + 1);
    } catch (error) {
      notify('resources.channel_assignment.failed', { type: 'error', messageArgs: { error: refusalOf(error) } });
    }
  };
  const onSubmit: SubmitHandler<FieldValues> = (values) => submit(values);
  return (
    <Card>
      <Title title="resources.channel_assignment.title" />
      <CardContent>
        <Form key={formKey} onSubmit={onSubmit} validate={validateChannelAssignment} defaultValues={{ subscribe_all_network_members: false }}>
          <AutocompleteArrayInput
            source="channels"
            choices={channels.data ?? []}
            isLoading={channels.isPending}
            fullWidth
            label="resources.channel_assignment.fields.channels"
            data-testid="channel-assignment-channels"
          />
          <BooleanInput source="subscribe_all_network_members" label="resources.channel_assignment.fields.subscribe_all_network_members" />
          <AssigneePickers />
          <SaveButton label="resources.channel_assignment.submit" alwaysEnable data-testid="channel-assignment-submit" />
        </Form>
      </CardContent>
    </Card>
  );
};

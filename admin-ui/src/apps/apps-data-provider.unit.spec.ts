import { HttpError } from 'ra-core';
import { propertyDefinition, type AppDto } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createAppsDataProvider, emailIntegrationsBodyOf, newPropertyId, propertyChanges, type AppRecord } from './apps-data-provider';

const title = propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' });
const status = propertyDefinition({ id: 'p-status', name: 'status', label: 'Status', type: 'selection', options: [{ label: 'To do', value: 'todo' }] });
const appAnswer = (properties = [title, status]): { json: AppDto } => ({
  json: { id: 'tasks', name: 'Tasks', description: '', properties, layout: { type: 'auto', tabs: [] }, teaser_template: '', email_integrations: [], column_property: 'status', can: { create_item: true, administrate: true }, new_item_can: {} },
});

describe('the apps data provider (property-set editor)', () => {
  it('sends only new and changed properties, and removes the dropped ones', () => {
    const { id: _id, ...fresh } = propertyDefinition({ id: 'x', name: 'due', label: 'Due', type: 'date' });
    const changes = propertyChanges([title, status], [{ ...title, label: 'Name' }, fresh]);
    expect(changes.define.map(({ property, index }) => [property.name, index])).toEqual([
      ['title', 0],
      ['due', 1],
    ]);
    expect(changes.remove).toEqual(['p-status']);
    expect(newPropertyId('due', new Set(['p-due']))).toBe('p-due-2');
  });

  it('saves property by property and shows a refusal on the property\'s row', async () => {
    const refusal = new HttpError('cn.errors.validation_failed', 400, { fieldErrors: [{ field: 'name', key: 'taken' }] });
    const { api, calls } = recordingApiClient({ json: { position: 1 } }, refusal);
    const { id: _id, ...fresh } = propertyDefinition({ id: 'x', name: 'title', label: 'Again', type: 'text' });
    const data: AppRecord = { id: 'tasks', name: 'Tasks', description: '', properties: [{ ...title, label: 'Name' }, status, fresh], teaser_template: '' };
    const saving = createAppsDataProvider(api).update<AppRecord>('apps', { id: 'tasks', data, previousData: { id: 'tasks', name: 'Tasks', description: '', properties: [title, status], teaser_template: '' } });
    await expect(saving).rejects.toMatchObject({ status: 400, body: { errors: { properties: { 2: { name: 'cn.apps.errors.taken' } } } } });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['PUT', '/api/v1/apps/tasks/properties/p-title'],
      ['PUT', '/api/v1/apps/tasks/properties/p-title-2'],
    ]);
    expect(calls[0].body).not.toHaveProperty('id');
  });

  it("sends a tag property's groups and internal mark, and shows an unknown tag group under its entry", async () => {
    const refusal = new HttpError('cn.errors.validation_failed', 400, { fieldErrors: [{ field: 'tag_parents.1', key: 'unknown_tag_parent' }] });
    const { api, calls } = recordingApiClient(refusal);
    const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['labels/p-topics', 'labels/p-nope'] });
    const data: AppRecord = { id: 'tasks', name: 'Tasks', description: '', properties: [title, staff], teaser_template: '' };
    const saving = createAppsDataProvider(api).update<AppRecord>('apps', { id: 'tasks', data, previousData: { id: 'tasks', name: 'Tasks', description: '', properties: [title], teaser_template: '' } });
    await expect(saving).rejects.toMatchObject({ status: 400, body: { errors: { properties: { 1: { tag_parents: 'cn.apps.errors.unknown_tag_parent' } } } } });
    expect(calls[0].body).toMatchObject({ internal: true, tag_parents: ['labels/p-topics', 'labels/p-nope'] });
  });

  it('saves a changed teaser template after the properties, and shows its refusal under its field', async () => {
    const previousData: AppRecord = { id: 'tasks', name: 'Tasks', description: '', properties: [title, status], teaser_template: '' };
    const saved = recordingApiClient({ json: { position: 1 } }, appAnswer());
    await createAppsDataProvider(saved.api).update<AppRecord>('apps', { id: 'tasks', data: { ...previousData, teaser_template: 'New: {{title}}' }, previousData });
    expect(saved.calls.map((call) => [call.method, call.url])).toEqual([
      ['PUT', '/api/v1/apps/tasks/integrations/teaser'],
      ['GET', '/api/v1/apps/tasks'],
    ]);
    expect(saved.calls[0].body).toEqual({ teaser_template: 'New: {{title}}' });
    const refused = recordingApiClient(new HttpError('cn.errors.validation_failed', 400, { fieldErrors: [{ field: 'teaser_template', key: 'unknown_placeholder' }] }));
    const saving = createAppsDataProvider(refused.api).update<AppRecord>('apps', { id: 'tasks', data: { ...previousData, teaser_template: '{{nope}}' }, previousData });
    await expect(saving).rejects.toMatchObject({ status: 400, body: { errors: { teaser_template: 'cn.apps.errors.unknown_placeholder' } } });
  });

  it('saves changed email integrations (new rows get a uuid, kept rows keep theirs) and shows a refusal under the row\'s field', async () => {
    const kept = { uuid: 'u-1', type: 'email_notification' as const, trigger: 'assign' as const, assignee_property_id: -1 as const, email_subject_template: 'Yours: {{title}}', email_text_template: 'Hello {{assignee}}' };
    const added = { trigger: 'unassign' as const, assignee_property_id: 'p-owner', email_subject_template: 'Off: {{title}}', email_text_template: 'Bye' };
    expect(emailIntegrationsBodyOf([kept, added], () => 'u-new').email_integrations).toEqual([kept, { ...added, uuid: 'u-new', type: 'email_notification' }]);
    const previousData: AppRecord = { id: 'tasks', name: 'Tasks', description: '', properties: [title, status], teaser_template: '', email_integrations: [kept] };
    const saved = recordingApiClient(appAnswer());
    await createAppsDataProvider(saved.api).update<AppRecord>('apps', { id: 'tasks', data: previousData, previousData });
    expect(saved.calls.map((call) => call.url)).toEqual(['/api/v1/apps/tasks']);
    const refused = recordingApiClient(new HttpError('cn.errors.validation_failed', 400, { fieldErrors: [{ field: 'email_integrations.1.assignee_property_id', key: 'not_membership' }] }));
    const saving = createAppsDataProvider(refused.api).update<AppRecord>('apps', { id: 'tasks', data: { ...previousData, email_integrations: [kept, added] }, previousData });
    await expect(saving).rejects.toMatchObject({ status: 400, body: { errors: { email_integrations: { 1: { assignee_property_id: 'cn.apps.errors.not_membership' } } } } });
    expect(refused.calls.map((call) => [call.method, call.url])).toEqual([['PUT', '/api/v1/apps/tasks/integrations/email']]);
  });

  it('reads an app as the editor\'s record', async () => {
    const { api } = recordingApiClient(appAnswer());
    const { data } = await createAppsDataProvider(api).getOne<AppRecord>('apps', { id: 'tasks' });
    expect(data.properties.map((property) => property.name)).toEqual(['title', 'status']);
  });
});

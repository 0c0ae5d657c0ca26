import { propertyDefinition, propertySetStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { propertySetsProjection } from './property-sets.projection';

const bio = propertyDefinition({ id: 'bio', name: 'bio', type: 'text', label: 'About me' });
const group = { context_type: 'group' as const, context_id: 'g1' };
const onNetwork = { streamId: propertySetStream('profile', { context_type: 'network', context_id: null }), memberId: 'ada' };
const onGroup = { streamId: propertySetStream('profile', group), memberId: 'max' };
const addArt = [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }];
const saves = [
  recorded('PropertySetSaved', { name: 'profile', context_type: 'network', context_id: null, type: 'basic', properties: [bio], tag_parents: ['Topics'], modifications: [] }, onNetwork),
  recorded('PropertySetSaved', { name: 'profile', context_type: 'group', context_id: 'g1', type: 'modified', properties: [], tag_parents: [], modifications: addArt }, onGroup),
  recorded('PropertySetSaved', { name: 'profile', context_type: 'network', context_id: null, type: 'basic', properties: [], tag_parents: [], modifications: [] }, onNetwork),
];

describe('property sets projection', () => {
  it('keeps the last save of each set and context and counts its revisions', () => {
    expect(project(propertySetsProjection, saves, 'profile:network:')).toMatchObject({ revision: 2, set: { type: 'basic', properties: [], tag_parents: [] } });
    expect(project(propertySetsProjection, saves, 'profile:group:g1')).toMatchObject({ revision: 1, context_id: 'g1', set: { type: 'modified', properties: [], modifications: addArt } });
    expect(project(propertySetsProjection, saves, 'profile:group:g2')).toBeNull();
  });

  it('changes nothing when events are applied twice', () => {
    expect(projectEachTwice(propertySetsProjection, saves, 'profile:network:')).toEqual(project(propertySetsProjection, saves, 'profile:network:'));
  });
});

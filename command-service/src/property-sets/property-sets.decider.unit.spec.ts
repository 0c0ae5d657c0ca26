import { propertyDefinition, type PropertySetEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { propertySetDecider, type PropertySetCommand } from './property-sets.decider';

const bio = propertyDefinition({ id: 'bio', name: 'bio', type: 'text', label: 'About me' });
const network = { context_type: 'network' as const, context_id: null };
const saved: PropertySetEvent = {
  type: 'PropertySetSaved',
  data: { name: 'profile', context_type: 'network', context_id: null, type: 'basic', properties: [bio], tag_parents: [], modifications: [] },
};
const save = (overrides: Partial<PropertySetCommand> = {}, revision = 0): PropertySetCommand => ({
  type: 'SavePropertySet',
  name: 'profile',
  context: network,
  change: { properties: [bio], tag_parents: [], revision },
  may_edit: true,
  issues: [],
  ...overrides,
});

describe('property set decider', () => {
  const spec = deciderSpecification(propertySetDecider);

  it('saves a basic set at the revision read', () => {
    spec.given([]).when(save()).then([saved]);
    spec.given([saved]).when(save({}, 1)).then([saved]);
  });

  it('saves a modified set with its modifications only', () => {
    const modifications = [{ type: 'add_options' as const, name: 'interest', options: [{ label: 'Art', value: 'art' }] }];
    spec
      .given([])
      .when(save({ context: { context_type: 'group', context_id: 'g1' }, change: { modifications, revision: 0 } }))
      .then([{ type: 'PropertySetSaved', data: { name: 'profile', context_type: 'group', context_id: 'g1', type: 'modified', properties: [], tag_parents: [], modifications } }]);
  });

  it('refuses the unauthorized, the parent’s missing properties and a stale revision', () => {
    spec.given([]).when(save({ may_edit: false })).thenRefused('forbidden');
    spec.given([]).when(save({ issues: [['modifications.0.name', 'unknown_property']] })).thenRefused('unknown_property');
    spec.given([saved]).when(save({}, 0)).thenRefused('concurrency_conflict');
  });
});

import { deciderSpecification } from '@cn/platform/testing';
import { designDecider, designScopeDecider, type DesignFields } from './designs.decider';

const fields: DesignFields = { name: 'Autumn', primary_color: '#aa0000', primary_text_color: '#ffffff', background_color: '#fafafa', logo_url: null };
const created = [{ type: 'DesignCreated' as const, data: { design_id: 'd1', scope_type: 'network' as const, scope_id: 'network', ...fields } }];

describe('designDecider', () => {
  const spec = deciderSpecification(designDecider);

  it('creates a design in its scope for those who may, and edits only what changed', () => {
    spec.given([]).when({ type: 'CreateDesign', design_id: 'd1', scope_type: 'network', scope_id: 'network', may_edit: true, ...fields }).then(created);
    expect(spec.given([]).when({ type: 'CreateDesign', design_id: 'd1', scope_type: 'network', scope_id: 'network', may_edit: false, ...fields }).thenRefused('forbidden').kind).toBe('forbidden');
    spec.given(created).when({ type: 'EditDesign', design_id: 'd1', may_edit: true, ...fields }).then([]);
    spec.given(created).when({ type: 'EditDesign', design_id: 'd1', may_edit: true, ...fields, name: 'Fall' }).then([{ type: 'DesignChanged', data: { design_id: 'd1', ...fields, name: 'Fall' } }]);
    spec.given([]).when({ type: 'EditDesign', design_id: 'd1', may_edit: true, ...fields }).thenRefused('not_found');
  });

  it('deletes a design unless it is active (409), and a deleted one is not found', () => {
    expect(spec.given(created).when({ type: 'DeleteDesign', design_id: 'd1', may_edit: true, is_active: true }).thenRefused('design_active').kind).toBe('conflict');
    spec.given(created).when({ type: 'DeleteDesign', design_id: 'd1', may_edit: true, is_active: false }).then([{ type: 'DesignDeleted', data: { design_id: 'd1' } }]);
    spec.given([...created, { type: 'DesignDeleted', data: { design_id: 'd1' } }]).when({ type: 'DeleteDesign', design_id: 'd1', may_edit: true, is_active: false }).thenRefused('not_found');
  });
});

describe('designScopeDecider', () => {
  const spec = deciderSpecification(designScopeDecider);
  const scope = { scope_type: 'group' as const, scope_id: 'g1' };

  it('keeps one active design: activating another names the previous, deactivating leaves none, repeating changes nothing', () => {
    const first = [{ type: 'DesignActivated' as const, data: { ...scope, design_id: 'd1', previous_design_id: null } }];
    spec.given([]).when({ type: 'ActivateDesign', ...scope, design_id: 'd1', active: true }).then(first);
    spec.given(first).when({ type: 'ActivateDesign', ...scope, design_id: 'd1', active: true }).then([]);
    spec.given(first).when({ type: 'ActivateDesign', ...scope, design_id: 'd2', active: true }).then([{ type: 'DesignActivated', data: { ...scope, design_id: 'd2', previous_design_id: 'd1' } }]);
    spec.given(first).when({ type: 'ActivateDesign', ...scope, design_id: 'd1', active: false }).then([{ type: 'DesignActivated', data: { ...scope, design_id: null, previous_design_id: 'd1' } }]);
    spec.given(first).when({ type: 'ActivateDesign', ...scope, design_id: 'd2', active: false }).then([]);
  });
});

import type { TagRecord } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { tagsDecider } from './tags.decider';

const tag = (id: string, name: string): TagRecord => ({ id, name, parents: ['a1/p'], item_count: 1, updated_at: '2026-12-06T10:00:00.000Z' });
const garden = tag('t1', 'Garden');
const kids = tag('t2', 'Kids');

describe('tagsDecider', () => {
  const spec = deciderSpecification(tagsDecider);

  it('renames a tag, refuses a name another tag has (409) and appends nothing for the same name', () => {
    spec.given([]).when({ type: 'RenameTag', tag_id: 't1', name: 'Gardening', tag: garden, named: null }).then([
      { type: 'TagRenamed', data: { tag_id: 't1', name: 'Gardening', previous_name: 'Garden' } },
    ]);
    expect(spec.given([]).when({ type: 'RenameTag', tag_id: 't1', name: 'kids', tag: garden, named: kids }).thenRefused('tag_name_taken').kind).toBe('conflict');
    spec.given([]).when({ type: 'RenameTag', tag_id: 't1', name: 'Garden', tag: garden, named: garden }).then([]);
    spec.given([]).when({ type: 'RenameTag', tag_id: 't1', name: 'garden', tag: garden, named: garden }).then([
      { type: 'TagRenamed', data: { tag_id: 't1', name: 'garden', previous_name: 'Garden' } },
    ]);
  });

  it('merges into another tag, never into itself or an unknown one', () => {
    spec.given([]).when({ type: 'MergeTags', tag_id: 't1', into_id: 't2', tag: garden, into: kids }).then([{ type: 'TagsMerged', data: { tag_id: 't1', into_id: 't2' } }]);
    expect(spec.given([]).when({ type: 'MergeTags', tag_id: 't1', into_id: 't1', tag: garden, into: garden }).thenRefused('same_tag').field).toBe('into');
    expect(spec.given([]).when({ type: 'MergeTags', tag_id: 't1', into_id: 'nope', tag: garden, into: null }).thenRefused('not_found').kind).toBe('invalid');
  });

  it('never merges a public tag into an internal one (public values would hold it); an internal one goes into a public one', () => {
    const budget: TagRecord = { ...tag('t3', 'Budget'), internal: true };
    expect(spec.given([]).when({ type: 'MergeTags', tag_id: 't1', into_id: 't3', tag: garden, into: budget }).thenRefused('internal_tag').field).toBe('into');
    spec.given([]).when({ type: 'MergeTags', tag_id: 't3', into_id: 't1', tag: budget, into: garden }).then([{ type: 'TagsMerged', data: { tag_id: 't3', into_id: 't1' } }]);
  });

  it('deletes a tag; a deleted or merged tag, or an unknown one, is not found', () => {
    spec.given([]).when({ type: 'DeleteTag', tag_id: 't1', tag: garden }).then([{ type: 'TagDeleted', data: { tag_id: 't1' } }]);
    expect(spec.given([]).when({ type: 'DeleteTag', tag_id: 'nope', tag: null }).thenRefused('not_found').kind).toBe('not_found');
    expect(spec.given([{ type: 'TagDeleted', data: { tag_id: 't1' } }]).when({ type: 'DeleteTag', tag_id: 't1', tag: garden }).thenRefused('not_found').kind).toBe('not_found');
    spec.given([{ type: 'TagsMerged', data: { tag_id: 't1', into_id: 't2' } }]).when({ type: 'RenameTag', tag_id: 't1', name: 'X', tag: garden, named: null }).thenRefused('not_found');
    spec.given([{ type: 'TagDeleted', data: { tag_id: 't2' } }]).when({ type: 'MergeTags', tag_id: 't1', into_id: 't2', tag: garden, into: kids }).thenRefused('not_found');
  });
});

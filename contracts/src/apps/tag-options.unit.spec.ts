import fc from 'fast-check';
import { upcastEventData } from '../registry';
import { AppPropertyDefined } from './apps';
import { seesInternalTags, visibleProperties, type AppViewer } from './app-abilities';
import { isInternalProperty, propertyDefinition, propertyDefinitionSchema, propertyTagParents, TAG_PARENT_PATTERN } from './properties';
import { placeholderProperties, teaserPlaceholderNames } from './teaser';

const member: AppViewer = { member_id: 'ann', network_admin: false, external: false };
const external: AppViewer = { member_id: 'eve', network_admin: false, external: true };
const admin: AppViewer = { member_id: 'ada', network_admin: true, external: false };
const title = propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' });
const topics = propertyDefinition({ id: 'p-topics', name: 'topics', label: 'Topics', type: 'tag', tag_parents: ['labels/p-topics'] });
const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['ideas/p-topics'] });

describe('tag parents and internal tags in definitions', () => {
  it('parses a tag parent exactly when it is `<app>/<property>` without blanks', () => {
    const part = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !/[/\s]/.test(text));
    fc.assert(
      fc.property(part, part, (app, property) => {
        const parsed = propertyDefinitionSchema.safeParse({ id: 'p', name: 'p', label: 'P', type: 'tag', tag_parents: [`${app}/${property}`] });
        expect(parsed.success).toBe(`${app}/${property}`.trim().length <= 80);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }).filter((text) => !TAG_PARENT_PATTERN.test(text.trim())), (bad) => {
        expect(propertyDefinitionSchema.safeParse({ id: 'p', name: 'p', label: 'P', type: 'tag', tag_parents: [bad] }).success).toBe(false);
      }),
    );
  });

  it('upcasts definitions of version 1 (no tag parents, not internal), keeping what they said', () => {
    const v1 = { app_id: 'ideas', property: { id: 'p-old', name: 'old', label: 'Old', type: 'tag', multiple: true } };
    const { data, schemaVersion } = upcastEventData(AppPropertyDefined.type, 1, v1);
    expect(schemaVersion).toBe(2);
    expect(data).toEqual({ app_id: 'ideas', property: { ...v1.property, tag_parents: [], internal: false } });
    expect(AppPropertyDefined.schema.safeParse(data).success).toBe(true);
    // a reader of an older read-model document (or property set) gets the same
    expect(propertyTagParents({})).toEqual([]);
    expect(isInternalProperty({ type: 'tag' })).toBe(false);
  });

  it('shows internal tag properties to members and admins, never to external members, nor in templates', () => {
    expect([member, admin, external].map(seesInternalTags)).toEqual([true, true, false]);
    expect(visibleProperties([title, topics, staff], member).map((property) => property.name)).toEqual(['title', 'topics', 'staff']);
    expect(visibleProperties([title, topics, staff], external).map((property) => property.name)).toEqual(['title', 'topics']);
    expect(placeholderProperties([title, topics, staff]).map((property) => property.name)).toEqual(['title', 'topics']);
    expect(teaserPlaceholderNames([staff])).toEqual(['app']);
  });
});

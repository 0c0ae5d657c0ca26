import { ActivityEdited, activityEditRequestSchema, activityRequestSchema, ActivityPosted } from './activities';

const errorsOf = (body: unknown) => {
  const parsed = activityRequestSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), key: issue.message }));
};

describe('post requests', () => {
  it('take file ids (or { id }) as attachments, at most twenty, none by default', () => {
    expect(activityRequestSchema.parse({ content: '<p>Hi</p>' }).attachments).toEqual([]);
    expect(activityRequestSchema.parse({ content: '<p>Hi</p>', attachments: [{ id: 'f1' }, ' f2 '] }).attachments).toEqual(['f1', 'f2']);
    expect(errorsOf({ content: '<p>Hi</p>', attachments: Array.from({ length: 21 }, (_, index) => `f${index}`) })).toContainEqual({ field: 'attachments', key: 'too_big' });
    expect(errorsOf({ content: '<p>Hi</p>', attachments: [''] })).toContainEqual(expect.objectContaining({ key: 'required' }));
    expect(errorsOf({ content: '<p>Hi</p>', attachments: 'f1' })).toContainEqual({ field: 'attachments', key: 'invalid_type' });
  });

  it('an edit keeps the files when it names none, and names the whole new set otherwise', () => {
    expect(activityEditRequestSchema.parse({ content: '<p>Edited</p>' }).attachments).toBeUndefined();
    expect(activityEditRequestSchema.parse({ content: '<p>Edited</p>', attachments: [] }).attachments).toEqual([]);
    expect(activityEditRequestSchema.parse({ content: '<p>Edited</p>', attachments: [{ id: 'f1' }, 'f2'] }).attachments).toEqual(['f1', 'f2']);
    expect(activityEditRequestSchema.safeParse({ content: '<p>Edited</p>', attachments: Array.from({ length: 21 }, (_, index) => `f${index}`) }).success).toBe(false);
    expect(activityEditRequestSchema.safeParse({ content: '<p>Edited</p>', files: [] }).success).toBe(false);
  });
});

describe('ActivityPosted', () => {
  it('version 2 carries attachments; a version 1 post read again carries none', () => {
    expect(ActivityPosted.version).toBe(2);
    const old = { activity_id: 'a1', group_id: null, author_id: 'ada', html_content: '<p>Hi</p>' };
    const upcast = ActivityPosted.upcasters?.[1]?.(old);
    expect(upcast).toEqual({ ...old, attachments: [] });
    expect(ActivityPosted.schema.safeParse(upcast).success).toBe(true);
    expect(ActivityPosted.schema.safeParse(old).success).toBe(false);
  });
});

describe('ActivityEdited', () => {
  it('version 2 names the files after the edit; a version 1 edit read again leaves them (null)', () => {
    expect(ActivityEdited.version).toBe(2);
    const old = { activity_id: 'a1', html_content: '<p>Edited</p>' };
    const upcast = ActivityEdited.upcasters?.[1]?.(old);
    expect(upcast).toEqual({ ...old, attachments: null });
    expect(ActivityEdited.schema.safeParse(upcast).success).toBe(true);
    expect(ActivityEdited.schema.safeParse(old).success).toBe(false);
  });
});

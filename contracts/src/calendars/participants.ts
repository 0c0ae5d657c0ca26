import { z } from 'zod';
import { CONTACT_SUBJECT_MAX, CONTACT_TEXT_MAX } from './calendar-constants';
import { applyToSchema, contactAudienceSchema, participantStatusSchema } from './appointments';

/** POST /appointments/{id}/participants */
export const addParticipantsRequestSchema = z
  .object({
    participant: z.object({
      membership_ids: z.array(z.string().min(1)).default([]),
      group_ids: z.array(z.string().min(1)).default([]),
      membership_role_ids: z.array(z.string().min(1)).default([]),
      /** the status the added members start with */
      status: participantStatusSchema.default('invited'),
      send_email_notification: z.boolean().default(false),
      invite_consumers: z.boolean().default(false),
    }),
    apply_to: applyToSchema.default('all'),
  })
  .superRefine((body, ctx) => {
    const { membership_ids, group_ids, membership_role_ids } = body.participant;
    if (membership_ids.length + group_ids.length + membership_role_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['participant', 'membership_ids'], message: 'selection_required' });
    }
  });
export type AddParticipantsRequest = z.input<typeof addParticipantsRequestSchema>;

/** PUT /appointments/{id}/participants/{pid or me} */
export const changeParticipantStatusRequestSchema = z.object({
  participant: z.object({ status: participantStatusSchema }),
  apply_to: applyToSchema.default('all'),
});
export type ChangeParticipantStatusRequest = z.input<typeof changeParticipantStatusRequestSchema>;

/** DELETE /appointments/{id}/participants/{pid}: apply_to in the body or the query */
export const removeParticipantRequestSchema = z.object({ apply_to: applyToSchema.default('all') });
export type RemoveParticipantRequest = z.input<typeof removeParticipantRequestSchema>;

/** POST /appointments/{id}/contact */
export const contactAttendeesRequestSchema = z.object({
  contact: z.object({
    subject: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(CONTACT_SUBJECT_MAX, { message: 'too_long' }),
    text: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(CONTACT_TEXT_MAX, { message: 'too_long' }),
    audience: contactAudienceSchema.default('all'),
    include_attachments: z.boolean().default(false),
  }),
});
export type ContactAttendeesRequest = z.input<typeof contactAttendeesRequestSchema>;

/** Who of the participants a contact mail reaches. */
export const contactAudienceIncludes = (audience: z.infer<typeof contactAudienceSchema>, status: z.infer<typeof participantStatusSchema>): boolean => {
  switch (audience) {
    case 'all':
      return true;
    case 'accepted':
      return status === 'accepted';
    case 'declined':
      return status === 'declined' || status === 'rejected';
    case 'no_reaction':
      return status === 'invited';
  }
};

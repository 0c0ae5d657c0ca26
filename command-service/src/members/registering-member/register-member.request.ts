import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, safeText } from '@cn/contracts';

/**
 * `POST /administration/members` (messages-files-admin-members-groups.md §3 "New member", §5).
 * Names and roles are optional additions used by the seed and the admin console.
 */
export const registerMemberRequestSchema = z
  .object({
    user: z
      .object({
        email: z
          .string()
          .trim()
          .min(1, { message: 'required' })
          .max(254, { message: 'too_long' })
          .email({ message: 'invalid_format' }),
        password: z.string().max(PASSWORD_MAX_LENGTH, { message: 'too_long' }).optional(),
        send_welcome_mail: z.boolean().default(false),
        profile_id: z.string().nullable().optional(),
        first_name: safeText(z.string().trim().max(100, { message: 'too_long' })).default(''),
        last_name: safeText(z.string().trim().max(100, { message: 'too_long' })).default(''),
        roles: z
          .object({ network_admin: z.boolean(), auditor: z.boolean(), external: z.boolean() })
          .partial()
          .strict()
          .optional(),
      })
      .strict()
      .superRefine((user, ctx) => {
        if (!user.send_welcome_mail && !user.password) {
          ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
        }
      }),
  })
  .strict();

export type RegisterMemberRequest = z.output<typeof registerMemberRequestSchema>;
export type RegisterMemberUser = z.output<typeof registerMemberRequestSchema>['user'];

import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-rules';

export * from './password-rules';

const newPassword = z.string().min(1, { message: 'required' }).max(PASSWORD_MAX_LENGTH, { message: 'too_long' });
/** when sent, it must equal the password (422 password_confirmation_mismatch) */
const confirmation = z.string().max(PASSWORD_MAX_LENGTH, { message: 'too_long' }).optional();

/** `PUT /api/v1/members/me/password` (ours): the signed-in member changes their password. */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1, { message: 'required' }).max(PASSWORD_MAX_LENGTH, { message: 'too_long' }),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .strict();
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** `POST /users/password`: mail a reset link to the address, when a member has it (the answer is the same either way). */
export const requestPasswordResetSchema = z
  .object({
    user: z
      .object({ email: z.string().trim().min(1, { message: 'required' }).max(254, { message: 'too_long' }).email({ message: 'invalid_format' }) })
      .strict(),
  })
  .strict();
export type RequestPasswordReset = z.input<typeof requestPasswordResetSchema>;

/** `PUT /users/password`: set a new password with the token of a reset link. */
export const resetPasswordRequestSchema = z
  .object({
    user: z
      .object({
        reset_password_token: z.string().min(1, { message: 'required' }).max(200, { message: 'too_long' }),
        password: newPassword,
        password_confirmation: confirmation,
      })
      .strict(),
  })
  .strict();
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** `PUT /administration/members/{id}` (the password part): a network administrator sets a member's password. */
export const setMemberPasswordRequestSchema = z.object({ user: z.object({ password: newPassword }).strict() }).strict();
export type SetMemberPasswordRequest = z.input<typeof setMemberPasswordRequestSchema>;

/** The answer of `POST /users/password`, whether or not the address belongs to a member. */
export const passwordResetRequestedSchema = z.object({ requested: z.literal(true) });

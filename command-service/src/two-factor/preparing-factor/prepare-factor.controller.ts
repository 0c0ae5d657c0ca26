import { Controller, Get, Post, HttpCode } from '@nestjs/common';
import { z } from 'zod';
import { newFactorQuerySchema, newFactorResponseSchema, type NewFactorResponse } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { Endpoint, Issuer, ParsedQuery, Payload } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { newTotpSecret, provisioningUri } from '../totp';
import { newEmailSecret, TwoFactor } from '../two-factor.service';

const emailCodeRequestSchema = z.object({
  secret_key: z.string({ message: 'required' }).regex(/^[0-9a-f]{40}$/, { message: 'invalid_format' }),
  setup_token: z.string({ message: 'required' }).min(1, { message: 'required' }).max(512, { message: 'too_long' }),
});

/**
 * A new factor's secret, made by the server and signed for the member (`setup_token`): nothing is stored
 * until the member confirms it with a code (POST /api/v1/authentication/factors). A mail factor's code is
 * mailed on request (POST …/factors/new/email_code).
 */
@Controller('api/v1/authentication/factors/new')
export class PrepareFactorController {
  constructor(
    private readonly twoFactor: TwoFactor,
    private readonly lookup: CommandLookup,
  ) {}

  @Get()
  @Endpoint({
    // reachable while the network makes the member set up a factor first
    twoFactorSetup: true,
    summary: 'A new factor to confirm: an authenticator app (provisioning_uri, drawn as a QR code) or mail codes (secret_key); nothing is stored yet',
    tags: ['two-factor'],
    auth: 'member',
    query: newFactorQuerySchema,
    responses: { 200: { description: 'NewFactorResponse', schema: newFactorResponseSchema }, 400: 'validation_failed (type: unknown_type)', 401: 'unauthenticated' },
  })
  async prepare(@Issuer() issuer: CommandContext, @ParsedQuery() query: z.output<typeof newFactorQuerySchema>): Promise<NewFactorResponse> {
    const member = await this.lookup.issuer(issuer);
    if (query.type === 'totp') {
      const secret = newTotpSecret();
      return { type: 'totp', provisioning_uri: provisioningUri(secret, member.email), setup_token: this.twoFactor.setupToken(member._id, 'totp', secret) };
    }
    const secret = newEmailSecret();
    return { type: 'email', secret_key: secret, setup_token: this.twoFactor.setupToken(member._id, 'email', secret) };
  }

  @Post('email_code')
  @HttpCode(204)
  @Endpoint({
    // reachable while the network makes the member set up a factor first
    twoFactorSetup: true,
    summary: "Mails the code of a mail factor being set up to the member's address",
    tags: ['two-factor'],
    auth: 'member',
    body: emailCodeRequestSchema,
    responses: { 204: 'mailed', 400: 'validation_failed (secret_key, setup_token)', 401: 'unauthenticated' },
  })
  async mailCode(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof emailCodeRequestSchema>): Promise<void> {
    const member = await this.lookup.issuer(issuer);
    if (!this.twoFactor.verifySetup(member._id, 'email', payload.secret_key, payload.setup_token)) {
      throw new DomainError('invalid_value', 'invalid', 'setup_token');
    }
    await this.twoFactor.mailCode(member.email, payload.secret_key);
  }
}

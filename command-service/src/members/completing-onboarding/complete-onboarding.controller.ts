import { z } from 'zod';
import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { commandAcceptedSchema, onboardingProfileRequestSchema, type OnboardingAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { COMPLETE_ONBOARDING, CompleteOnboardingCommand } from './complete-onboarding.command';

@Controller('onboarding/profile')
export class CompleteOnboardingController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'The signed-in member completes the profile data their network asks for at joining; answers where to go next',
    tags: ['members'],
    auth: 'member',
    command: COMPLETE_ONBOARDING,
    body: onboardingProfileRequestSchema,
    responses: { 200: commandAnswer('accepted, { position, redirect_to }', commandAcceptedSchema.extend({ redirect_to: z.string() })), 400: 'validation_failed (required, too_long, invalid_format)', 401: 'unauthenticated' },
  })
  async complete(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof onboardingProfileRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<OnboardingAnswer> {
    const { position, redirect_to } = await this.commands.execute(new CompleteOnboardingCommand(issuer, payload));
    return { ...commandAccepted(res, position), redirect_to };
  }
}

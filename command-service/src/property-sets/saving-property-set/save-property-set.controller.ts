import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { propertySetNameSchema, propertySetQuerySchema, putPropertySetRequestSchema, type CommandAccepted, type PropertySetChange, type PropertySetContext } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, HttpProblem, Issuer, ParsedQuery, Payload } from '@cn/platform';
import { SAVE_PROPERTY_SET, SavePropertySetCommand } from './save-property-set.command';

/** a set's name from the path: lower-case letters, digits and underscores */
const nameOf = (raw: string): string => {
  if (!propertySetNameSchema.safeParse(raw).success) throw new HttpProblem(400, 'validation_failed', [{ field: 'name', key: 'invalid_format' }]);
  return raw;
};

@Controller('api/v1/property_sets')
export class SavePropertySetController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':name')
  @HttpCode(200)
  @Endpoint({
    summary: "Save a context's property set: a basic set's properties (and tag parents) or a modified set's added options (network admins everywhere, a group's admins their group)",
    tags: ['property_sets'],
    auth: 'member',
    command: SAVE_PROPERTY_SET,
    body: putPropertySetRequestSchema,
    query: propertySetQuerySchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (label required, option values and property names unique: duplicate_value; a modification of a property the parent set lacks: unknown_property, or that takes no options: no_options; no_parent)',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found (an unknown context)',
      409: 'concurrency_conflict (revision)',
    },
  })
  async save(
    @Issuer() issuer: CommandContext,
    @Param('name') name: string,
    @ParsedQuery() query: PropertySetContext & { inherit: boolean },
    @Payload() change: PropertySetChange,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SavePropertySetCommand(issuer, { name: nameOf(name), context: { context_type: query.context_type, context_id: query.context_id }, change }));
    return commandAccepted(res, position);
  }
}

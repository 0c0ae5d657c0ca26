import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { taskMarkAnswerSchema, taskNoteRequestSchema, type TaskMarkAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { DECLINE_TASK, MarkTaskCommand, STAR_TASK, WRITE_TASK_NOTE, type TaskMarkChange } from './mark-task.command';

const answered = commandAnswer('accepted, { position, revision } of the member\'s marks on the task', taskMarkAnswerSchema);

/** A member's own marks on a task (an app item): star, decline an assignment, a personal note. */
@Controller('api/v1/tasks/:id')
export class MarkTaskController {
  constructor(private readonly commands: CommandBus) {}

  private async run(issuer: CommandContext, itemId: string, change: TaskMarkChange, res: Response): Promise<TaskMarkAnswer> {
    const answer = await this.commands.execute(new MarkTaskCommand(issuer, { item_id: itemId, change }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Put('star')
  @HttpCode(200)
  @Endpoint({ summary: 'Star a task (it shows in the starred view)', tags: ['apps'], auth: 'member', command: STAR_TASK, responses: { 200: answered, 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'unknown item' } })
  star(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<TaskMarkAnswer> {
    return this.run(issuer, id, { type: 'star', starred: true }, res);
  }

  @Delete('star')
  @HttpCode(200)
  @Endpoint({ summary: 'Unstar a task', tags: ['apps'], auth: 'member', command: STAR_TASK, responses: { 200: answered, 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'unknown item' } })
  unstar(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<TaskMarkAnswer> {
    return this.run(issuer, id, { type: 'star', starred: false }, res);
  }

  @Put('decline')
  @HttpCode(200)
  @Endpoint({
    summary: 'Decline a task assigned to me (it moves from my tasks to the declined view)',
    tags: ['apps'],
    auth: 'member',
    command: DECLINE_TASK,
    responses: { 200: answered, 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'unknown item', 422: 'not_assigned (the task is not assigned to the member) or item_archived' },
  })
  decline(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<TaskMarkAnswer> {
    return this.run(issuer, id, { type: 'decline', declined: true }, res);
  }

  @Delete('decline')
  @HttpCode(200)
  @Endpoint({
    summary: 'Take a declined task back',
    tags: ['apps'],
    auth: 'member',
    command: DECLINE_TASK,
    responses: { 200: answered, 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'unknown item' },
  })
  withdraw(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<TaskMarkAnswer> {
    return this.run(issuer, id, { type: 'decline', declined: false }, res);
  }

  @Put('note')
  @HttpCode(200)
  @Endpoint({
    summary: "Write the member's personal note on a task ('' removes it); `revision` makes a stale note a 409",
    tags: ['apps'],
    auth: 'member',
    command: WRITE_TASK_NOTE,
    body: taskNoteRequestSchema,
    responses: { 200: answered, 400: 'validation_failed (note: too_long)', 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'unknown item', 409: 'concurrency_conflict (the note changed since `revision`)' },
  })
  note(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof taskNoteRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TaskMarkAnswer> {
    return this.run(issuer, id, { type: 'note', note: payload.note, revision: payload.revision }, res);
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { collectionName } from '@cn/domain';
import { timeTravelDtoSchema, timeTravelQuerySchema, type TimeTravelDto } from '@cn/contracts';
import { type DocumentStore, Endpoint, type EventStore, HttpProblem, InjectPort, parseWith, type PersonalDataCipher, projectAsOf } from '@cn/platform';
import { readModelProjections } from '../projection-runtime';
import { auditCollection } from './audit.read';

/** the projector's bookkeeping, not part of what a document says */
const withoutBookkeeping = (doc: object | null): unknown => {
  if (doc === null) return null;
  const { _position: _ignored, ...rest } = doc as { _position?: number };
  return rest;
};

/**
 * Time travel for auditors: a read model's document as it stood at a position of the history (or at a
 * time: the last event until then), replayed in memory from the log, beside today's. The live read model
 * keeps serving; nothing is written.
 */
@Controller('api/v1/audit/time-travel')
export class TimeTravelController {
  constructor(
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  @Get()
  @Endpoint({
    summary: "A read model's document as it stood at a position or time of the history, beside today's",
    tags: ['audit'],
    query: timeTravelQuerySchema,
    responses: {
      200: { description: 'TimeTravelDto', schema: timeTravelDtoSchema },
      400: 'invalid query',
      401: 'signed out',
      403: 'neither auditor nor administrator',
      404: 'no read model of that name (not_found on read_model)',
    },
    auth: 'auditor',
  })
  async document(@Query() query: Record<string, unknown>): Promise<TimeTravelDto> {
    const parsed = parseWith(timeTravelQuerySchema, query);
    const projection = readModelProjections().find((candidate) => candidate.name === parsed.read_model);
    if (!projection) throw new HttpProblem(404, 'not_found', [{ field: 'read_model', key: 'not_found' }]);
    const position = parsed.position ?? (await this.positionAt(parsed.at ?? ''));
    const then = (await projectAsOf(projection, this.eventStore, this.cipher, position, new Set([parsed.id]))).get(parsed.id) ?? null;
    const now = await this.documentStore.collection(collectionName(projection)).get(parsed.id);
    return { read_model: projection.name, id: parsed.id, position, then: withoutBookkeeping(then), now: withoutBookkeeping(now) };
  }

  /** the last position recorded at or before the time (0 before the first event) */
  private async positionAt(at: string): Promise<number> {
    const [last] = await auditCollection(this.documentStore).find({ occurred_at: { $lte: new Date(at).toISOString() } }, { sort: [['position', -1]], limit: 1 });
    return last?.position ?? 0;
  }
}

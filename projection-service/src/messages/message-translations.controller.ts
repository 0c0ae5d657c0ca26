import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { isTranslationLanguage, type MessageTranslationResponse } from '@cn/contracts';
import { createLruCache } from '@cn/domain';
import { ConsistencyInterceptor, Endpoint, HttpProblem, type Infrastructure, InjectPort, Member, type SignedInMember, type Translator } from '@cn/platform';
import { serviceCodeOf, sourceLanguageOf } from '../translations/translation-languages';
import { MessagesReader } from './messages.read';

/** translations kept in memory, keyed by the texts themselves: an erased author's message never answers from the cache */
const CACHE_ENTRIES = 500;

/**
 * The detail page's 'translate' of a direct message (spec: GET /translations/{lang}/message/{id}): only a
 * message the member holds is read and sent to the translation service (404 for any other, before the
 * service is asked); 404 `translation_unavailable` where no service is configured, 503 when it fails.
 */
@Controller('translations')
@UseInterceptors(ConsistencyInterceptor)
export class MessageTranslationsController {
  private readonly cache = createLruCache<MessageTranslationResponse>(CACHE_ENTRIES);

  constructor(
    private readonly reader: MessagesReader,
    @InjectPort('logger') private readonly logger: Infrastructure['logger'],
    @InjectPort('translator') private readonly translator: Translator | null,
  ) {}

  @Get(':lang/message/:id')
  @Endpoint({
    summary: "A direct message's subject and text machine-translated into lang, with the recognized source language (only a message the member holds)",
    tags: ['translations', 'messages'],
    responses: {
      200: 'MessageTranslationResponse',
      400: 'validation_failed (lang invalid_value)',
      401: 'unauthenticated',
      404: 'not_found (a message the member does not hold), or translation_unavailable: no translation service configured',
      503: 'translation_unavailable: the translation service failed',
    },
    auth: 'member',
  })
  async message(@Member() member: SignedInMember, @Param('lang') lang: string, @Param('id') id: string): Promise<MessageTranslationResponse> {
    const translator = this.translator;
    if (!translator) throw new HttpProblem(404, 'translation_unavailable');
    if (!isTranslationLanguage(lang)) throw new HttpProblem(400, 'validation_failed', [{ field: 'lang', key: 'invalid_value' }]);
    const { subject, content } = await this.reader.texts(member, id);
    const key = JSON.stringify([lang, subject, content]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    try {
      const { texts, detectedSource } = await translator.translate([subject, content], serviceCodeOf(lang));
      const translated: MessageTranslationResponse = { subject: texts[0] ?? '', content: texts[1] ?? '', language: lang, source_language: sourceLanguageOf(detectedSource) };
      this.cache.set(key, translated);
      return translated;
    } catch (error) {
      this.logger.warn({ err: error }, 'translation service failed');
      throw new HttpProblem(503, 'translation_unavailable');
    }
  }
}

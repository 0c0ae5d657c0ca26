import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { isTranslationLanguage, type MessageTranslationResponse } from '@cn/contracts';
import { createLruCache } from '@cn/domain';
import { ConsistencyInterceptor, Endpoint, HttpProblem, type Infrastructure, InjectPort, Member, type SignedInMember, type Translator } from '@cn/platform';
import { serviceCodeOf, sourceLanguageOf } from '../translations/translation-languages';
import { MessagesReader } from './messages.read';

/** translations kept in memory, keyed by the texts themselves: an erased author's message never answers from the cache */
const CACHE_ENTRIES = 500;

/**
 * The detail page's 'translate' of a direct message (spec: GET /translations/{lang}/message/{id}): the
 * message and the rest of its conversation as the member holds it (what the detail page shows), in one
 * request to the service. Only messages the member holds are read and sent to the translation service
 * (404 for any other id, before the service is asked); 404 `translation_unavailable` where no service is
 * configured, 503 when it fails.
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
    summary: "A direct message's subject and text, and those of its conversation as the member holds it, machine-translated into lang, with the recognized source language (only messages the member holds)",
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
    const conversation = await this.reader.conversationTexts(member, id);
    const key = JSON.stringify([lang, id, conversation]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    try {
      // the whole conversation in one request: subject and text of each message, in order
      const { texts, detectedSource } = await translator.translate(
        conversation.flatMap((entry) => [entry.subject, entry.content]),
        serviceCodeOf(lang),
      );
      const entries = conversation.map((entry, index) => ({ id: entry.id, subject: texts[2 * index] ?? '', content: texts[2 * index + 1] ?? '' }));
      const own = entries.find((entry) => entry.id === id);
      const translated: MessageTranslationResponse = {
        subject: own?.subject ?? '',
        content: own?.content ?? '',
        language: lang,
        source_language: sourceLanguageOf(detectedSource),
        conversation: entries,
      };
      this.cache.set(key, translated);
      return translated;
    } catch (error) {
      this.logger.warn({ err: error }, 'translation service failed');
      throw new HttpProblem(503, 'translation_unavailable');
    }
  }
}

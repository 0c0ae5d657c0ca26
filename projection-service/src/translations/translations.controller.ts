import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import {
  appointmentTarget,
  isTranslationLanguage,
  type AppointmentTranslationResponse,
  type TranslationLanguage,
  type TranslationLanguagesResponse,
} from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, type Infrastructure, InjectPort, type RequestContext, type Translator, type TranslatorLanguage } from '@cn/platform';
import { createLruCache } from '@cn/domain';
import { resolveInstance } from '../appointments/appointment-instances';
import { canSeeAppointment, loadReadContext } from '../appointments/appointment-dto';
import { appointmentsCollection } from '../appointments/appointments.read';
import { signedInMember } from '../members/members.read';
import { ourLanguagesOf, serviceCodeOf, sourceLanguageOf } from './translation-languages';

/** translations kept in memory; an edit changes updated_at and so the key, old entries age out */
const CACHE_ENTRIES = 1000;
/** the service's language list changes only when it is redeployed */
const LANGUAGES_TTL_MS = 10 * 60_000;


@Controller('translations')
@UseInterceptors(ConsistencyInterceptor)
export class TranslationsController {
  private readonly cache = createLruCache<AppointmentTranslationResponse>(CACHE_ENTRIES);
  private offered: { languages: TranslatorLanguage[]; until: number } | null = null;

  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('logger') private readonly logger: Infrastructure['logger'],
    @InjectPort('translator') private readonly configuredTranslator: Translator | null,
  ) {}

  /** Without a configured translation service the feature does not exist on this network: 404, not a server error. */
  private translator(): Translator {
    if (!this.configuredTranslator) throw new HttpProblem(404, 'translation_unavailable');
    return this.configuredTranslator;
  }

  /** every failure of the service is the same to the member: translation is unavailable now */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn({ err: error }, 'translation service failed');
      throw new HttpProblem(503, 'translation_unavailable');
    }
  }

  private async offeredLanguages(translator: Translator): Promise<TranslatorLanguage[]> {
    const now = Date.now();
    if (this.offered && this.offered.until > now) return this.offered.languages;
    const languages = await this.ask(() => translator.languages());
    this.offered = { languages, until: now + LANGUAGES_TTL_MS };
    return languages;
  }

  @Get('languages')
  @Endpoint({
    summary: 'The languages one may translate into (de, en as EN-GB, es, fr) that the translation service offers',
    tags: ['translations'],
    responses: {
      200: 'TranslationLanguagesResponse',
      401: 'signed out',
      404: 'translation_unavailable: no translation service configured',
      503: 'translation_unavailable: the translation service failed',
    },
    auth: 'member',
  })
  async languages(): Promise<TranslationLanguagesResponse> {
    return { languages: ourLanguagesOf(await this.offeredLanguages(this.translator())) };
  }

  @Get(':lang/appointment/:id')
  @Endpoint({
    summary: "An appointment's name and description machine-translated into lang, with the recognized source language",
    tags: ['translations'],
    responses: {
      200: 'AppointmentTranslationResponse',
      400: 'unknown language',
      401: 'signed out',
      403: 'not visible',
      404: 'unknown appointment or occurrence, or translation_unavailable: no translation service configured',
      503: 'translation_unavailable: the translation service failed',
    },
    auth: 'member',
  })
  async appointment(@Ctx() ctx: RequestContext, @Param('lang') lang: string, @Param('id') id: string): Promise<AppointmentTranslationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    if (!isTranslationLanguage(lang)) throw new HttpProblem(400, 'validation_failed', [{ field: 'lang', key: 'invalid_value' }]);
    const translator = this.translator();
    const read = await loadReadContext(this.documentStore, member, this.clock());
    const target = appointmentTarget(id);
    const doc = await appointmentsCollection(this.documentStore).get(target.appointmentId);
    const instance = doc && !doc.deleted ? resolveInstance(doc, target.occurrenceStart) : null;
    if (!doc || !instance) throw new HttpProblem(404, 'not_found');
    if (!canSeeAppointment(doc, read)) throw new HttpProblem(403, 'forbidden');

    const updatedAt = instance.state?.modified_at ?? doc.updated_at;
    const key = JSON.stringify([instance.id, updatedAt, lang]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const translated = await this.translateAppointment(translator, lang, instance.fields.name, instance.fields.description);
    this.cache.set(key, translated);
    return translated;
  }

  private async translateAppointment(translator: Translator, language: TranslationLanguage, name: string, description: string): Promise<AppointmentTranslationResponse> {
    const { texts, detectedSource } = await this.ask(() => translator.translate([name, description], serviceCodeOf(language, this.offered?.languages)));
    return { name: texts[0] ?? '', description: texts[1] ?? '', language, source_language: sourceLanguageOf(detectedSource) };
  }
}

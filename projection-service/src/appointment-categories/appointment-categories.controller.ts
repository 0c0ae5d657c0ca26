import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { appointmentCategoriesOf, DEFAULT_NETWORK_ID, appointmentCategoriesResponseSchema, type AppointmentCategoriesResponse } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { appointmentCategoriesProjection, type AppointmentCategoriesDocument } from './appointment-categories.projection';


/** Registered before the appointments controller, whose `appointments/:id` would take the path otherwise. */
@Controller('appointments/categories')
@UseInterceptors(ConsistencyInterceptor)
export class AppointmentCategoriesController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Categories an appointment may name: the built-in ones, then the custom ones of the network',
    tags: ['appointments'],
    auth: 'member',
    responses: { 200: { description: 'AppointmentCategoriesResponse', schema: appointmentCategoriesResponseSchema }, 401: 'unauthenticated' },
  })
  async list(): Promise<AppointmentCategoriesResponse> {
    const doc = await this.documentStore
      .collection<AppointmentCategoriesDocument>(collectionName(appointmentCategoriesProjection))
      .get(DEFAULT_NETWORK_ID);
    return { categories: appointmentCategoriesOf(doc?.custom_categories ?? []) };
  }
}

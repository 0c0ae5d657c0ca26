import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';

/**
 * Appointment categories: a few built into the product, plus the custom ones the network administrators
 * manage (messages-files-admin-members-groups.md, 'custom appointment categories editor'). An appointment
 * stores the category's id; a new custom category takes its label as id and keeps that id when renamed.
 */
export const BUILT_IN_APPOINTMENT_CATEGORIES = [
  { id: 'meeting', label: 'Meeting' },
  { id: 'event', label: 'Event' },
  { id: 'training', label: 'Training' },
  { id: 'service', label: 'Service' },
] as const;

export const APPOINTMENT_CATEGORY_LABEL_MAX = 100;

/** Error keys of the categories editor, for the consoles' i18n. */
export const APPOINTMENT_CATEGORY_ERROR_KEYS = ['duplicated_category', 'unknown_category'] as const;

/** One stream for the network's custom categories. */
export const appointmentCategoriesStream = (networkId: string): string => `appointmentcategories-${networkId}`;

export const customCategoryInputSchema = z.object({
  /** absent: a new category (its id becomes its label) */
  id: z.string().trim().min(1).optional(),
  label: safeText(z.string().trim().min(1, { message: 'required' }).max(APPOINTMENT_CATEGORY_LABEL_MAX, { message: 'too_long' }), 'required'),
  /** true: remove the category with this id */
  _destroy: z.union([z.boolean(), z.literal('1'), z.literal('true')]).optional(),
});
export type CustomCategoryInput = z.output<typeof customCategoryInputSchema>;

/**
 * PUT /administration/appointment_categories. Like nested attributes: listed categories with an id are
 * renamed (or removed with `_destroy`), those without one are added; categories not listed stay.
 */
export const changeAppointmentCategoriesRequestSchema = z.object({
  custom_categories: z.array(customCategoryInputSchema),
});
export type ChangeAppointmentCategoriesRequest = z.input<typeof changeAppointmentCategoriesRequestSchema>;

export const customCategorySchema = z.object({ id: z.string(), label: z.string() });
export type CustomCategory = z.output<typeof customCategorySchema>;

export const AppointmentCategoriesChanged = defineEvent(
  'AppointmentCategoriesChanged',
  1,
  z.object({
    network_id: z.string(),
    /** the whole list after the change, in order */
    custom_categories: z.array(customCategorySchema),
    added: z.array(z.string()),
    renamed: z.array(z.string()),
    removed: z.array(z.string()),
  }),
);

export const appointmentCategoryEvents = [AppointmentCategoriesChanged] as const;
export type AppointmentCategoryEvent = EventOf<typeof AppointmentCategoriesChanged>;

/** Labels compare trimmed and case-insensitively. */
export const categoryLabelKey = (label: string): string => label.trim().toLocaleLowerCase();

export interface AppointmentCategoryDto {
  id: string;
  label: string;
  /** false: built in (the consoles translate it by id) */
  custom: boolean;
}

/** GET /appointments/categories */
export interface AppointmentCategoriesResponse {
  categories: AppointmentCategoryDto[];
}
export const appointmentCategoriesResponseSchema = z.object({
  categories: z.array(z.object({ id: z.string(), label: z.string(), custom: z.boolean() })),
}) satisfies z.ZodType<AppointmentCategoriesResponse>;

/** Built-in categories first, then the custom ones in the administrators' order. */
export const appointmentCategoriesOf = (custom: readonly CustomCategory[]): AppointmentCategoryDto[] => [
  ...BUILT_IN_APPOINTMENT_CATEGORIES.map((category) => ({ id: category.id, label: category.label, custom: false })),
  ...custom.map((category) => ({ id: category.id, label: category.label, custom: true })),
];

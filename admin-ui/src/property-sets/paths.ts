/** the editor's route: a set by name, its context in the query (none: the network's) */
export const PROPERTY_SET_EDIT_ROUTE = '/property_sets/:name/edit';
/** the set the menu opens: the network's profile set */
export const NETWORK_PROFILE_SET = 'profile';
export const propertySetEditPath = (name: string, context?: { context_type: string; context_id: string }): string =>
  `/property_sets/${encodeURIComponent(name)}/edit${context ? `?context_type=${encodeURIComponent(context.context_type)}&context_id=${encodeURIComponent(context.context_id)}` : ''}`;

import { DEFAULT_NETWORK_ID, emptyTagCatalogue, type TagAdminDto, type TagCatalogue, type TagRecord } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { tagsProjection, type TagsDocument } from './tags.projection';

export const tagsCollection = (store: DocumentStore) => store.collection<TagsDocument>(collectionName(tagsProjection));

export const loadTagCatalogue = async (store: DocumentStore): Promise<TagCatalogue> => (await tagsCollection(store).get(DEFAULT_NETWORK_ID)) ?? emptyTagCatalogue();

export const toTagAdminDto = (tag: TagRecord): TagAdminDto => ({ id: tag.id, name: tag.name, parents: tag.parents, internal: tag.internal === true, item_count: tag.item_count, updated_at: tag.updated_at });

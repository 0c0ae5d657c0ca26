import {
  activeLock,
  GROUP_SEARCH_MODULES,
  SEARCH_MODULES,
  SEARCH_OVERVIEW_HITS,
  SEARCH_PAGE_SIZE,
  seesInternalTags,
  type GlobalSearchQuery,
  type GlobalSearchResponse,
  type SearchHit,
  type SearchModule,
  type SearchModuleResult,
  type SearchPersonRef,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument, SearchQuery } from '@cn/platform';
import { ACTIVITIES_INDEX_DEFINITION, activityHitUrl, NETWORK_STREAM, type ActivitySearchDocument } from '../activities/activities-index';
import { articleHitUrl, ARTICLES_INDEX_DEFINITION, articleVisibilityOf, type ArticleSearchDocument } from '../articles/articles-index';
import { APPOINTMENTS_INDEX_DEFINITION, CALENDARS_INDEX_DEFINITION, type AppointmentSearchDocument, type CalendarSearchDocument } from '../appointments/appointments-index';
import type { OpenIndex, SearchIndexDefinition } from '../core/search-feature';
import { allMatching, snippetOf } from '../core/search-text';
import { FILES_INDEX_DEFINITION, fileHitUrl, type FileSearchDocument } from '../files/files-index';
import { audienceFilter, groupCategoryOfHit, GROUPS_INDEX_DEFINITION, toGroupHit, type GroupSearchDocument } from '../groups/groups-index';
import { itemHitUrl, ITEMS_INDEX_DEFINITION, type ItemSearchDocument } from '../items/items-index';
import { MEMBERS_INDEX_DEFINITION, type MemberSearchDocument } from '../members/members-index';
import { MESSAGES_INDEX_DEFINITION, type MessageSearchDocument } from '../messages/messages-index';
import { pageHitUrl, pagesFilterOf, PAGES_INDEX_DEFINITION, type PageSearchDocument } from '../pages/pages-index';
import { tagHitUrl, TAGS_INDEX_DEFINITION, type TagSearchDocument } from '../tags/tags-index';
import { reachOf, type SearchViewer, type ViewerReach } from './search-viewer';

/** a group named by a group's search that the viewer may not see (or that does not exist): 404 */
export class SearchGroupNotFound extends Error {}

type Filter = NonNullable<SearchQuery['filter']>;

/** How one module searches: its index, the viewer's filter (null: nothing to find), its date and its hits. */
interface ModuleSearch<T extends SearchDocument> {
  definition: SearchIndexDefinition<T>;
  filter: Filter | null;
  dateField: string | null;
  toHits(docs: T[]): Promise<SearchHit[]>;
}

interface Context {
  viewer: SearchViewer;
  reach: ViewerReach;
  groups: ReadonlyMap<string, GroupSearchDocument>;
  calendars: ReadonlyMap<string, CalendarSearchDocument>;
  /** the group searched in */
  group: GroupSearchDocument | null;
  people(ids: readonly string[]): Promise<Map<string, SearchPersonRef>>;
  now: Date;
  /** what was searched (a group hit's category links to its directory tab with it) */
  q: string;
}

const personOf = (id: string, doc: MemberSearchDocument | null): SearchPersonRef =>
  doc
    ? { id, display_name: doc.display_name, html_url: `/members/${id}`, deleted: false, is_external: doc.is_external, is_network_admin: doc.is_network_admin }
    : { id, display_name: '', html_url: null, deleted: true, is_external: false, is_network_admin: false };

/** a filter that finds nothing when the viewer may see none of the values */
const within = (field: string, values: readonly string[]): Filter | null => (values.length === 0 ? null : { [field]: [...values] });
const and = (...filters: Array<Filter | null>): Filter | null => {
  const merged: Filter = {};
  for (const filter of filters) {
    if (filter === null) return null;
    Object.assign(merged, filter);
  }
  return merged;
};

const modulesOf = (ctx: Context): Record<SearchModule, ModuleSearch<SearchDocument> | null> => {
  const { reach, group, viewer } = ctx;
  const activities: ModuleSearch<ActivitySearchDocument> = {
    definition: ACTIVITIES_INDEX_DEFINITION,
    // the viewer's few audience tokens (every document carries its stream's), inside a group that group's stream;
    // `kind` (which a merge never sets) so that a merge's document of an activity deleted meanwhile, held
    // only until the merge's writer deletes it again (core/buffered-indexes.ts), is never found
    filter: and(within('audience', reach.activityTokens), { kind: ['post', 'reply'] }, group ? { stream: group.id } : {}),
    dateField: 'created_at',
    toHits: async (docs) => {
      const people = await ctx.people(docs.map((doc) => doc.author_id));
      return docs.map((doc) => {
        const streamGroup = doc.stream === NETWORK_STREAM ? null : ctx.groups.get(doc.stream);
        const actor = people.get(doc.author_id) ?? personOf(doc.author_id, null);
        return {
          id: doc.id,
          module: 'activities',
          title: actor.display_name,
          html_url: activityHitUrl(doc),
          html_content: snippetOf(doc.text),
          created_at: doc.created_at,
          activity: {
            actor,
            object: { type: doc.kind === 'post' ? 'note' : 'reply', reply_count: doc.reply_count },
            activitystreams: streamGroup
              ? [{ slug: streamGroup.slug, name: streamGroup.name, html_url: `/activitystreams/${streamGroup.slug}` }]
              : [{ slug: NETWORK_STREAM, name: '', html_url: `/activitystreams/${NETWORK_STREAM}` }],
          },
        };
      });
    },
  };
  const messages: ModuleSearch<MessageSearchDocument> = {
    definition: MESSAGES_INDEX_DEFINITION,
    filter: group ? null : { holder_ids: viewer.id },
    dateField: 'created_at',
    toHits: async (docs) => {
      const people = await ctx.people(docs.flatMap((doc) => [doc.author_id, ...doc.to_member_ids]));
      return docs.map((doc) => {
        const author = people.get(doc.author_id) ?? personOf(doc.author_id, null);
        return {
          id: doc.id,
          module: 'messages',
          title: doc.subject,
          html_url: `/messages/${doc.id}`,
          html_content: snippetOf(doc.content),
          created_at: doc.created_at,
          message: { author, subject: doc.subject, to: doc.to_member_ids.map((id) => people.get(id) ?? personOf(id, null)) },
        };
      });
    },
  };
  const groupCalendars = group ? [...ctx.calendars.values()].filter((calendar) => calendar.type === 'group' && calendar.parent_id === group.id).map((c) => c.id) : null;
  const appointments: ModuleSearch<AppointmentSearchDocument> = {
    definition: APPOINTMENTS_INDEX_DEFINITION,
    filter: and(reach.appointmentAudience === null ? {} : within('audience', reach.appointmentAudience), groupCalendars === null ? {} : within('calendar_ids', groupCalendars)),
    dateField: 'date_start',
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'appointments',
          title: doc.name,
          html_url: `/appointments/${doc.id}`,
          html_content: snippetOf(doc.description),
          created_at: null,
          appointment: {
            date: { start: doc.date_start, end: doc.date_end, all_day: doc.all_day, time_zone: doc.time_zone },
            calendars: doc.calendar_ids.flatMap((id) => {
              const calendar = ctx.calendars.get(id);
              return calendar ? [{ id, name: calendar.name, color: calendar.color }] : [];
            }),
            type: doc.type,
            canceled: doc.canceled,
          },
        })),
      ),
  };
  const fileScopes = group ? reach.fileScopes.filter((scope) => scope === group.id) : reach.fileScopes;
  const files = (kind: 'file' | 'folder'): ModuleSearch<FileSearchDocument> => ({
    definition: FILES_INDEX_DEFINITION,
    filter: and(within('scope', fileScopes), { kind }),
    dateField: 'created_at',
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => {
          const scopeGroup = ctx.groups.get(doc.scope);
          return {
            id: doc.id,
            module: kind === 'file' ? 'files' : 'folders',
            title: doc.name,
            html_url: fileHitUrl(doc, scopeGroup ? scopeGroup.slug : null),
            html_content: snippetOf(doc.description),
            created_at: doc.created_at,
            file: {
              content_type: doc.content_type,
              size: doc.size,
              group: scopeGroup ? { slug: scopeGroup.slug, name: scopeGroup.name } : null,
              locked: activeLock({ locked_by: doc.locked_by ?? null, locked_until: doc.locked_until ?? null }, ctx.now) !== null && doc.locked_by !== viewer.id,
            },
          };
        }),
      ),
  });
  const members: ModuleSearch<MemberSearchDocument> = {
    definition: MEMBERS_INDEX_DEFINITION,
    filter: group ? within('id', group.member_ids) : {},
    dateField: null,
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'members',
          title: doc.display_name,
          html_url: `/members/${doc.id}`,
          html_content: snippetOf(doc.status),
          created_at: null,
          member: personOf(doc.id, doc),
        })),
      ),
  };
  const groups: ModuleSearch<GroupSearchDocument> = {
    definition: GROUPS_INDEX_DEFINITION,
    filter: group ? null : audienceFilter(viewer),
    dateField: null,
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'groups',
          title: doc.name,
          html_url: `/groups/${doc.slug}`,
          html_content: snippetOf(doc.teaser),
          created_at: null,
          group: toGroupHit(doc),
          group_category: groupCategoryOfHit(doc, ctx.q),
        })),
      ),
  };
  const items: ModuleSearch<ItemSearchDocument> = {
    definition: ITEMS_INDEX_DEFINITION,
    filter: group ? null : { archived: false },
    dateField: 'created_at',
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'items',
          title: doc.name,
          html_url: itemHitUrl(doc),
          html_content: snippetOf(doc.text),
          created_at: doc.created_at,
          item: { app_id: doc.app_id, app_name: doc.app_name, archived: doc.archived },
        })),
      ),
  };
  const pages: ModuleSearch<PageSearchDocument> = {
    definition: PAGES_INDEX_DEFINITION,
    // pages belong to the network, not to a group: a group's search does not look through them
    filter: group ? null : pagesFilterOf(viewer),
    dateField: 'created_at',
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'pages',
          title: doc.title,
          html_url: pageHitUrl(doc),
          html_content: snippetOf(doc.text),
          created_at: doc.created_at,
          page: { slug: doc.slug, visibility: doc.visibility, updated_at: doc.updated_at },
        })),
      ),
  };
  const articles: ModuleSearch<ArticleSearchDocument> = {
    definition: ARTICLES_INDEX_DEFINITION,
    // the channel directory's rule: active channels for everyone, the others for their updaters
    filter: group ? null : { visible_to: articleVisibilityOf({ member_id: viewer.id, network_admin: viewer.roles.network_admin, external: viewer.roles.external }) },
    dateField: 'created_at',
    toHits: async (docs) => {
      const people = await ctx.people(docs.flatMap((doc) => (doc.author_id ? [doc.author_id] : [])));
      return docs.map((doc) => ({
        id: doc.id,
        module: 'articles',
        title: doc.title,
        html_url: articleHitUrl(doc),
        html_content: snippetOf(doc.text),
        created_at: doc.created_at,
        article: { channel_id: doc.channel_id, channel_title: doc.channel_title, author: doc.author_id ? (people.get(doc.author_id) ?? null) : null },
      }));
    },
  };
  const tags: ModuleSearch<TagSearchDocument> = {
    definition: TAGS_INDEX_DEFINITION,
    // the network's tags are every member's (apps' items are read by every member)
    filter: group ? null : {},
    dateField: 'updated_at',
    toHits: (docs) =>
      Promise.resolve(
        docs.map((doc) => ({
          id: doc.id,
          module: 'tags',
          title: doc.name,
          html_url: tagHitUrl(doc.name),
          html_content: '',
          created_at: null,
          // uses under internal properties only for those who see internal tags
          tag: { item_count: seesInternalTags({ member_id: viewer.id, network_admin: viewer.roles.network_admin, external: viewer.roles.external }) ? (doc.all_item_count ?? doc.item_count) : doc.item_count },
        })),
      ),
  };
  return {
    articles,
    tags,
    activities,
    messages,
    appointments,
    files: files('file'),
    folders: files('folder'),
    members,
    groups,
    pages,
    items,
  };
};

const sortOf = (search: ModuleSearch<SearchDocument>, sortBy: GlobalSearchQuery['sort_by']): SearchQuery['sort'] => {
  if (sortBy === 'score,asc' || search.dateField === null) return undefined;
  return [[search.dateField, sortBy === 'date,desc' ? 'desc' : 'asc'], ['id', 'asc']];
};

/**
 * One viewer's answer to a global search (or a group's). Visibility is decided now, from the search
 * side's own groups and calendars, so a change of membership counts at once; empty q finds nothing.
 */
/**
 * Every group and calendar the search side keeps, which each viewer's reach is decided from, and the
 * reaches decided so far. Loaded once per index state (`SearchDirectoryCache`), not per search: reading
 * every group and calendar on each request made an HTTP search cost many times the index query (issue 8).
 */
export interface SearchDirectory {
  groups: ReadonlyMap<string, GroupSearchDocument>;
  calendars: ReadonlyMap<string, CalendarSearchDocument>;
  reach: (viewer: SearchViewer) => ViewerReach;
}

export const loadSearchDirectory = async (open: OpenIndex): Promise<SearchDirectory> => {
  const [groupsIndex, calendarsIndex] = await Promise.all([open(GROUPS_INDEX_DEFINITION), open(CALENDARS_INDEX_DEFINITION)]);
  const [groupDocs, calendarDocs] = await Promise.all([allMatching(groupsIndex, {}), allMatching(calendarsIndex, {})]);
  const reaches = new Map<string, ViewerReach>();
  return {
    groups: new Map(groupDocs.map((doc) => [doc.id, doc])),
    calendars: new Map(calendarDocs.map((doc) => [doc.id, doc])),
    reach: (viewer) => {
      const key = JSON.stringify([viewer.id, viewer.roles.network_admin, viewer.roles.external]);
      let reach = reaches.get(key);
      if (!reach) {
        reach = reachOf(viewer, groupDocs, calendarDocs);
        reaches.set(key, reach);
      }
      return reach;
    },
  };
};

/** The directory of the index state a search runs on, kept until that state changes (an indexed event, a swap). */
export class SearchDirectoryCache {
  private current: { state: string; directory: Promise<SearchDirectory> } | null = null;

  constructor(private readonly open: OpenIndex) {}

  at(state: string): Promise<SearchDirectory> {
    if (this.current?.state !== state) {
      const directory = loadSearchDirectory(this.open);
      this.current = { state, directory };
      // a failed load is not kept
      directory.catch(() => {
        if (this.current?.directory === directory) this.current = null;
      });
    }
    return this.current.directory;
  }
}

export const runGlobalSearch = async (
  open: OpenIndex,
  viewer: SearchViewer,
  query: GlobalSearchQuery,
  groupSlug: string | null,
  directory: Promise<SearchDirectory> = loadSearchDirectory(open),
): Promise<GlobalSearchResponse> => {
  const [membersIndex, { groups, calendars, reach: reachFor }] = await Promise.all([open(MEMBERS_INDEX_DEFINITION), directory]);
  const reach = reachFor(viewer);
  let group: GroupSearchDocument | null = null;
  if (groupSlug !== null) {
    group = reach.visibleGroups.find((candidate) => candidate.slug === groupSlug) ?? null;
    if (!group) throw new SearchGroupNotFound(groupSlug);
  }
  const ctx: Context = {
    now: new Date(),
    q: query.q,
    viewer,
    reach,
    groups,
    calendars,
    group,
    people: async (ids) => {
      const unique = [...new Set(ids)];
      const docs = await Promise.all(unique.map((id) => membersIndex.get(id)));
      return new Map(unique.map((id, index) => [id, personOf(id, docs[index] ?? null)]));
    },
  };
  const searches = modulesOf(ctx);
  const offered: readonly SearchModule[] = group ? GROUP_SEARCH_MODULES : SEARCH_MODULES;
  const module = query.module && offered.includes(query.module) ? query.module : null;
  const run = async (name: SearchModule, limit: number, offset: number): Promise<SearchModuleResult> => {
    const search = searches[name];
    if (query.q === '' || !search || search.filter === null) return { module: name, total: 0, hits: [] };
    const index: SearchCollection<SearchDocument> = await open(search.definition);
    const result = await index.search({ q: query.q, filter: search.filter, sort: sortOf(search, query.sort_by), limit, offset });
    return { module: name, total: result.total, hits: limit === 0 ? [] : await search.toHits(result.hits) };
  };
  const perPage = SEARCH_PAGE_SIZE;
  const results = await Promise.all(
    offered.map((name) => (module === null ? run(name, SEARCH_OVERVIEW_HITS, 0) : name === module ? run(name, perPage, (query.page - 1) * perPage) : run(name, 0, 0))),
  );
  const chosen = module === null ? results.filter((result) => result.total > 0) : results.filter((result) => result.module === module);
  const total = module === null ? 0 : (chosen[0]?.total ?? 0);
  return {
    q: query.q,
    module,
    page: module === null ? 1 : query.page,
    sort_by: query.sort_by,
    group: group ? { slug: group.slug, name: group.name } : null,
    counts: results.map((result) => ({ module: result.module, count: result.total })),
    results: chosen,
    pagination: module === null ? null : { page: query.page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) },
  };
};

import type { PageEvent, PageVisibility } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface PageState {
  slug: string;
  title: string;
  content: string;
  visibility: PageVisibility;
  /** events of this page so far: the revision an edit form is read at (the read model counts the same) */
  revision: number;
  /** what each version held that a restore brings back: versions[n - 1] is version n */
  versions: ReadonlyArray<{ title: string; content: string }>;
}

export interface PagesState {
  pages: Record<string, PageState>;
}

interface PageFields {
  page_id: string;
  title: string;
  slug: string;
  content: string;
  visibility: PageVisibility;
}

export type PagesCommand =
  | ({ type: 'CreatePage' } & PageFields)
  | ({ type: 'EditPage'; revision: number } & PageFields)
  | { type: 'RestorePageVersion'; page_id: string; version: number; revision: number }
  | { type: 'DeletePage'; page_id: string };

const slugTaken = (state: PagesState, slug: string, except: string | null): boolean => Object.entries(state.pages).some(([id, page]) => id !== except && page.slug === slug);

/** Every page of the network on one stream: a slug is unique, and two edits of one page never undo each other. */
export const pagesDecider: Decider<PagesState, PagesCommand, PageEvent> = {
  initialState: () => ({ pages: {} }),
  evolve: (state, event) => {
    const id = event.data.page_id;
    switch (event.type) {
      case 'PageCreated':
      case 'PageEdited':
      case 'PageVersionRestored': {
        const { title, slug, content, visibility } = event.data;
        const before = state.pages[id];
        return { pages: { ...state.pages, [id]: { title, slug, content, visibility, revision: (before?.revision ?? 0) + 1, versions: [...(before?.versions ?? []), { title, content }] } } };
      }
      case 'PageDeleted': {
        const pages = { ...state.pages };
        delete pages[id];
        return { pages };
      }
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreatePage': {
        if (slugTaken(state, command.slug, null)) throw new DomainError('slug_taken', 'conflict', 'slug');
        const { page_id, title, slug, content, visibility } = command;
        return [{ type: 'PageCreated', data: { page_id, title, slug, content, visibility } }];
      }
      case 'EditPage': {
        const page = state.pages[command.page_id];
        if (!page) throw new DomainError('not_found', 'not_found');
        if (command.revision !== page.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
        if (slugTaken(state, command.slug, command.page_id)) throw new DomainError('slug_taken', 'conflict', 'slug');
        const { page_id, title, slug, content, visibility } = command;
        if (title === page.title && slug === page.slug && content === page.content && visibility === page.visibility) throw new DomainError('nothing_changed', 'refused');
        return [{ type: 'PageEdited', data: { page_id, title, slug, content, visibility } }];
      }
      case 'RestorePageVersion': {
        const page = state.pages[command.page_id];
        if (!page) throw new DomainError('not_found', 'not_found');
        if (command.revision !== page.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
        const restored = page.versions[command.version - 1];
        if (!restored) throw new DomainError('not_found', 'not_found', 'version');
        if (restored.title === page.title && restored.content === page.content) throw new DomainError('nothing_changed', 'refused');
        const { slug, visibility } = page;
        return [{ type: 'PageVersionRestored', data: { page_id: command.page_id, title: restored.title, slug, content: restored.content, visibility, restored_version: command.version } }];
      }
      case 'DeletePage':
        if (!state.pages[command.page_id]) throw new DomainError('not_found', 'not_found');
        return [{ type: 'PageDeleted', data: { page_id: command.page_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

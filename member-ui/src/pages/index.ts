export { PageView, PagesIndex } from './PagePages';
export { pagesLive } from './pages-queries';

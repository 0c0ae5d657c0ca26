export { AppsIndexPage } from './AppsIndexPage';
export { WallPage } from './WallPage';
export { ItemPage } from './ItemPage';
export { EditItemPage, NewItemPage } from './ItemFormPage';
export { appsLive } from './apps-queries';

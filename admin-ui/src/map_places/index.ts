import PlaceIcon from '@mui/icons-material/Place';
import type { MapPlaceAdminDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The map's points of interest (scope `poi`, docs/MAP.md): administrators put them on, change and remove them; auditors read. */
export const mapPlaces = {
  list: lazyPage(() => import('./MapPlaceList').then((module) => module.MapPlaceList)),
  create: lazyPage(() => import('./MapPlaceForms').then((module) => module.MapPlaceCreate)),
  edit: lazyPage(() => import('./MapPlaceForms').then((module) => module.MapPlaceEdit)),
  icon: PlaceIcon,
  recordRepresentation: (place: MapPlaceAdminDto) => place.name,
};

// Leaflet and its styles travel in this chunk only: the console's first script never carries them
import 'leaflet/dist/leaflet.css';
import './map.css';
export { MapPage } from './MapPage';

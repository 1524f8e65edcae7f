import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import { getMapTiles } from '@panel/shared';

import type { LatLng } from './lat-lng';
import styles from './map.module.css';

// Leaflet finds its marker images by a path guessed from its stylesheet,
// which breaks once the bundler renames or inlines them. An empty imagePath
// and the bundled URLs make the default icon, and every marker, use them.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export interface LeafletMapProps {
  centre: LatLng;
  zoom: number;
  marker: LatLng | null;
  /** Names the map for assistive technology. */
  label: string;
  /** Called with the clicked point; without it the map is for looking only. */
  onPick?: (point: LatLng) => void;
  height: number;
}

function ClickToPick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({
    click: (event) => onPick([event.latlng.lat, event.latlng.lng]),
  });
  return null;
}

/**
 * A Leaflet map whose tiles come from the deployment's configuration. Tiles
 * that cannot load (no tile server reachable) leave grey squares: the frame,
 * zoom controls, marker and clicks still work.
 */
export default function LeafletMap({
  centre,
  zoom,
  marker,
  label,
  onPick,
  height,
}: LeafletMapProps) {
  const tiles = getMapTiles();
  return (
    <div className={styles.frame} role="group" aria-label={label} style={{ height }}>
      <MapContainer center={centre} zoom={zoom} className={styles.map} scrollWheelZoom={false}>
        <TileLayer url={tiles.url} attribution={tiles.attribution} />
        {marker ? <Marker position={marker} /> : null}
        {onPick ? <ClickToPick onPick={onPick} /> : null}
      </MapContainer>
    </div>
  );
}

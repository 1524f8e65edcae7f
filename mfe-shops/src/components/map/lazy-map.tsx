import { lazy, Suspense } from 'react';
import { Skeleton } from '@panel/shared/page-ui';

import type { LeafletMapProps } from './leaflet-map';

// Leaflet is the heaviest thing this remote ships; it is its own chunk, fetched
// only when a map is on screen (the shop list's pop-up, the profile page).
const LeafletMap = lazy(() => import(/* webpackChunkName: "leaflet-map" */ './leaflet-map'));

export function LazyMap(props: LeafletMapProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} />}>
      <LeafletMap {...props} />
    </Suspense>
  );
}

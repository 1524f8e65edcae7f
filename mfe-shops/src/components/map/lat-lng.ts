/** A point as Leaflet takes it: [latitude, longitude] (the API's x_gis, y_gis). */
export type LatLng = [number, number];

/** The shop's stored coordinates, or null when it has not set both. */
export function shopLocation(shop: { x_gis: number | null; y_gis: number | null }): LatLng | null {
  return shop.x_gis === null || shop.y_gis === null ? null : [shop.x_gis, shop.y_gis];
}

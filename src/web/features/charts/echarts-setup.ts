/**
 * Apache ECharts for the charts pages only (issue 26: "loaded only on chart pages so the initial JS budget
 * holds"): the core with just the charts and components the seven chart types use, the ARIA description on
 * (every option sets `aria: { enabled: true }`), and the world map the geo charts draw on, bundled from
 * world-atlas's countries-110m TopoJSON converted to GeoJSON with topojson-client. Imported by the lazy page
 * chunks of this feature, never by shared or entry code.
 */
import { BarChart, LineChart, MapChart, PieChart, ScatterChart } from "echarts/charts";
import { AriaComponent, GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110m from "world-atlas/countries-110m.json";

echarts.use([BarChart, LineChart, PieChart, ScatterChart, MapChart, AriaComponent, GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export const WORLD_MAP = "world";

let registered = false;
/** Registers the world map once (its features are named as world-atlas names them). */
export function ensureWorldMap(): void {
  if (registered) return;
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const geo = feature(topology, topology.objects.countries);
  echarts.registerMap(WORLD_MAP, geo as unknown as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
}

/**
 * Country names of the reference data (country-state-city) that world-atlas spells otherwise, so a region
 * chart colours the right shape.
 */
const MAP_NAMES: Record<string, string> = {
  "United States": "United States of America",
  "Czech Republic": "Czechia",
  "Bosnia and Herzegovina": "Bosnia and Herz.",
  "Dominican Republic": "Dominican Rep.",
  "Central African Republic": "Central African Rep.",
  "Democratic Republic of the Congo": "Dem. Rep. Congo",
  "Congo The Democratic Republic Of The": "Dem. Rep. Congo",
  "Korea South": "South Korea",
  "South Korea": "South Korea",
  "Korea North": "North Korea",
  "Ivory Coast": "Côte d'Ivoire",
  "Cote D'Ivoire (Ivory Coast)": "Côte d'Ivoire",
  "South Sudan": "S. Sudan",
  "Equatorial Guinea": "Eq. Guinea",
  "Solomon Islands": "Solomon Is.",
  "Falkland Islands": "Falkland Is.",
  "Western Sahara": "W. Sahara",
  "Eswatini": "eSwatini",
  "Swaziland": "eSwatini",
  "Macedonia": "Macedonia",
  "North Macedonia": "Macedonia",
  "Russian Federation": "Russia",
  "Viet Nam": "Vietnam",
  "Syrian Arab Republic": "Syria",
  "Lao People's Democratic Republic": "Laos",
  "The Bahamas": "Bahamas",
  "Bahamas The": "Bahamas",
  "Gambia The": "Gambia",
};

export function mapNameOf(countryName: string): string {
  return MAP_NAMES[countryName] ?? countryName;
}

export { echarts };

/**
 * Every table, by country (the country tables, `region` null) and by country + region (the region
 * tables): every `TaxTable` a table file exports, alone or in an array, is collected here, so a
 * table file adds a tax year by exporting one more table (each with its own `periodStart` /
 * `periodEnd`). `system.ts` picks, per jurisdiction, the table whose period holds the date asked.
 */
import type { TaxTable } from "../table.ts";
import * as ae from "./ae.ts";
import * as au from "./au.ts";
import * as ca from "./ca.ts";
import * as ch from "./ch.ts";
import * as de from "./de.ts";
import * as es from "./es.ts";
import * as fr from "./fr.ts";
import * as gb from "./gb.ts";
import * as hk from "./hk.ts";
import * as ie from "./ie.ts";
import * as india from "./in.ts";
import * as jp from "./jp.ts";
import * as nl from "./nl.ts";
import * as sg from "./sg.ts";
import * as usFederal from "./us-federal.ts";
import * as usStates from "./us-states.ts";

const MODULES: readonly Record<string, unknown>[] = [usFederal, gb, de, fr, nl, ch, ie, es, sg, hk, jp, india, au, ca, ae, usStates];

function isTable(value: unknown): value is TaxTable {
  return typeof value === "object" && value !== null && typeof (value as TaxTable).compute === "function" && typeof (value as TaxTable).id === "string";
}

function collect(): TaxTable[] {
  const byId = new Map<string, TaxTable>();
  for (const module of MODULES) {
    for (const value of Object.values(module)) {
      for (const candidate of Array.isArray(value) ? value : [value]) if (isTable(candidate)) byId.set(candidate.id, candidate);
    }
  }
  return [...byId.values()];
}

const ALL_TABLES = collect();

/** Every country table, every year. */
export const COUNTRY_TABLES: readonly TaxTable[] = ALL_TABLES.filter((table) => table.region === null);

/** Every region table (US states, Swiss cantons, Canadian provinces), every year. */
export const REGION_TABLES: readonly TaxTable[] = ALL_TABLES.filter((table) => table.region !== null);

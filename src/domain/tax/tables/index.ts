/** Every table, by country (the country table) and by country + region (the region tables). */
import type { TaxTable } from "../table.ts";
import { ae } from "./ae.ts";
import { au } from "./au.ts";
import { caBritishColumbia, caFederal, caOntario } from "./ca.ts";
import { chFederal, chZurich } from "./ch.ts";
import { de } from "./de.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { gb } from "./gb.ts";
import { hk } from "./hk.ts";
import { ie } from "./ie.ts";
import { inNewRegime } from "./in.ts";
import { jp } from "./jp.ts";
import { nl } from "./nl.ts";
import { sg } from "./sg.ts";
import { usFederal } from "./us-federal.ts";
import { usStates } from "./us-states.ts";

export const COUNTRY_TABLES: readonly TaxTable[] = [usFederal, gb, de, fr, nl, chFederal, ie, es, sg, hk, jp, inNewRegime, au, caFederal, ae];

export const REGION_TABLES: readonly TaxTable[] = [...usStates, chZurich, caOntario, caBritishColumbia];

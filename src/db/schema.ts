import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ActivationState, GroupStatus, Role } from "../domain/roles.ts";

/**
 * Table types. Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text on both dialects.
 * Enumerated text columns carry their union type (the app writes only those values; output schemas
 * check them again on the way out).
 */
export type GroupTable = {
  id: Generated<number>;
  name: string;
  display_name: string;
  status: GroupStatus;
  created_at: string;
  updated_at: string;
};

export type UserTable = {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  group_id: number | null;
  password_hash: string | null;
  is_sso_user: Generated<number>;
  terms_accepted_at: string | null;
  terms_version: string | null;
  activation_state: Generated<ActivationState>;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
};

export type SessionTable = {
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  timezone_offset: number | null;
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  group_id: number | null;
  entity: string;
  entity_id: string | null;
  action: string;
  old_values: string | null;
  new_values: string | null;
  ip: string | null;
};

export type TranslationTable = {
  id: Generated<number>;
  msg_key: string;
  msg_lang: string;
  msg_value: string;
  xlate_group: Generated<string>;
  group_id: number | null;
};

export type CurrencyTable = { code: string; name: string; minor_units: number };

export type ExchangeRateTable = {
  id: Generated<number>;
  base_currency: string;
  quote_currency: string;
  rate: string;
  as_of: string;
  source: string;
};

export type CountryTable = {
  code: string;
  name: string;
  phone_code: string | null;
  currency_code: string | null;
  latitude: string | null;
  longitude: string | null;
};

export type StateTable = {
  id: Generated<number>;
  country_code: string;
  code: string;
  name: string;
  latitude: string | null;
  longitude: string | null;
};

export type CityTable = {
  id: Generated<number>;
  country_code: string;
  state_code: string | null;
  name: string;
  latitude: string | null;
  longitude: string | null;
};

export type Database = {
  groups: GroupTable;
  users: UserTable;
  sessions: SessionTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  translations: TranslationTable;
  currencies: CurrencyTable;
  exchange_rates: ExchangeRateTable;
  countries: CountryTable;
  states: StateTable;
  cities: CityTable;
};

export type GroupRow = Selectable<GroupTable>;
/** The parts of a group that scoped procedures need. */
export type GroupRef = Pick<GroupRow, "id" | "name" | "display_name" | "status">;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

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
  phone: string | null;
  /** dd/MM/yyyy as entered at activation is stored as YYYY-MM-DD. */
  move_date: string | null;
  anonymized_at: string | null;
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

export type OutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
  template: string;
  group_id: number | null;
  user_id: number | null;
  /** "outbox" (kept for the admin Outbox page) or "smtp" (sent through SMTP_URL). */
  transport: "outbox" | "smtp";
  created_at: string;
  sent_at: string | null;
  error: string | null;
};

export type AccountTokenKind = "ACTIVATION" | "PASSWORD_RESET";

export type AccountTokenTable = {
  id: Generated<number>;
  /** SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: AccountTokenKind;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
};

export type GroupSsoSettingsTable = {
  group_id: number;
  issuer_url: string;
  client_id: string;
  client_secret: string;
  /** Comma-separated e-mail domains allowed to sign in through this provider. */
  allowed_domains: string;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type SsoLoginStateTable = {
  state: string;
  group_id: number;
  nonce: string;
  code_verifier: string;
  email_hint: string | null;
  redirect: string | null;
  created_at: string;
  expires_at: string;
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
  outbox: OutboxTable;
  account_tokens: AccountTokenTable;
  group_sso_settings: GroupSsoSettingsTable;
  sso_login_states: SsoLoginStateTable;
};

export type GroupRow = Selectable<GroupTable>;
/** The parts of a group that scoped procedures need. */
export type GroupRef = Pick<GroupRow, "id" | "name" | "display_name" | "status">;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

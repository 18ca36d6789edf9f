import { describe, expect, test } from "bun:test";
import { configuredTaxProviderGroup, readConfig } from "./config.ts";

describe("readConfig: defaults", () => {
  test("an empty environment gives the documented defaults", () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: "./data/meridian.sqlite",
      seedDemo: true,
      session: { idleMinutes: 30, maxHours: 12, secureCookie: "auto" },
      publicUrl: undefined,
      logRequests: true,
      maxBodyBytes: 25 * 1024 * 1024,
      loginThrottle: { maxFailures: 10, windowMinutes: 15, lockMinutes: 15, addressMaxFailures: 100, addressDelaySeconds: 10 },
      webDir: "./dist/web",
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: "Meridian <no-reply@meridian.local>",
      activationCodeDays: 7,
      resetLinkMinutes: 60,
      estimateApprovalLinkDays: 14,
      expenseDateWindowDays: 365,
      taxProviderGroup: null,
      files: { dir: "./data/files", s3: null },
      feedbackEmail: null,
      // Issue 24 §7: the public no-key providers by default.
      weatherApiUrl: "https://api.open-meteo.com/v1/forecast",
      overview: {
        overpassUrl: "https://overpass-api.de/api/interpreter",
        wikipediaUrl: "https://en.wikipedia.org/api/rest_v1",
        routingUrl: "https://router.project-osrm.org",
        geocoderUrl: "https://nominatim.openstreetmap.org",
        propertyUrl: null,
        propertyApiKey: null,
        staticMapUrl: null,
        tilesUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      },
      socialApiUrl: "https://mastodon.social",
      ecbRatesUrl: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
      providerUserAgent: "Meridian/0.1.0 (contact not configured)",
      financeAllowUnlockPaidAccount: false,
      socialProviders: [],
      allowPrivateFetch: false,
      linkSigningSecret: null,
    });
  });
});

describe("readConfig: EXPENSE_DATE_WINDOW_DAYS", () => {
  test("whole days from 0 to 3650 are kept; anything else is refused at start-up", () => {
    expect(readConfig({ EXPENSE_DATE_WINDOW_DAYS: "30" }).expenseDateWindowDays).toBe(30);
    expect(readConfig({ EXPENSE_DATE_WINDOW_DAYS: "0" }).expenseDateWindowDays).toBe(0);
    expect(() => readConfig({ EXPENSE_DATE_WINDOW_DAYS: "-1" })).toThrow(/EXPENSE_DATE_WINDOW_DAYS/);
    expect(() => readConfig({ EXPENSE_DATE_WINDOW_DAYS: "a year" })).toThrow(/EXPENSE_DATE_WINDOW_DAYS/);
  });
});

describe("readConfig: FEEDBACK_EMAIL", () => {
  test("an address is kept; anything else is refused at start-up", () => {
    expect(readConfig({ FEEDBACK_EMAIL: " feedback@acme.example " }).feedbackEmail).toBe("feedback@acme.example");
    expect(() => readConfig({ FEEDBACK_EMAIL: "not an address" })).toThrow(/FEEDBACK_EMAIL/);
  });

  test("SOCIAL_API_URL: a URL is kept; anything else is refused at start-up", () => {
    expect(readConfig({ SOCIAL_API_URL: "http://127.0.0.1:8080" }).socialApiUrl).toBe("http://127.0.0.1:8080");
    expect(() => readConfig({ SOCIAL_API_URL: "mastodon" })).toThrow(/SOCIAL_API_URL/);
  });

  test("WEATHER_API_URL: a URL is kept; anything else is refused at start-up", () => {
    expect(readConfig({ WEATHER_API_URL: "http://127.0.0.1:8080/v1/forecast" }).weatherApiUrl).toBe("http://127.0.0.1:8080/v1/forecast");
    expect(() => readConfig({ WEATHER_API_URL: "open-meteo" })).toThrow(/WEATHER_API_URL/);
  });
});

describe("readConfig: the overview page's providers", () => {
  test("each URL is kept (the property key beside it); anything else is refused at start-up", () => {
    const c = readConfig({ OVERPASS_API_URL: "http://127.0.0.1:1/api/interpreter", WIKIPEDIA_API_URL: "http://127.0.0.1:1/api/rest_v1", ROUTING_API_URL: "http://127.0.0.1:1", GEOCODER_API_URL: "http://127.0.0.1:2", PROPERTY_API_URL: "http://127.0.0.1:3/v1", PROPERTY_API_KEY: "k", STATIC_MAP_URL: "http://127.0.0.1:4/staticmap" });
    expect(c.overview).toEqual({ overpassUrl: "http://127.0.0.1:1/api/interpreter", wikipediaUrl: "http://127.0.0.1:1/api/rest_v1", routingUrl: "http://127.0.0.1:1", geocoderUrl: "http://127.0.0.1:2", propertyUrl: "http://127.0.0.1:3/v1", propertyApiKey: "k", staticMapUrl: "http://127.0.0.1:4/staticmap", tilesUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" });
    for (const name of ["OVERPASS_API_URL", "WIKIPEDIA_API_URL", "ROUTING_API_URL", "GEOCODER_API_URL", "PROPERTY_API_URL", "STATIC_MAP_URL"]) {
      expect(() => readConfig({ [name]: "not a url" })).toThrow(new RegExp(name));
    }
  });
});

describe("readConfig: values", () => {
  test("numbers are read from strings and flags from 0/1", () => {
    const config = readConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://u@db/meridian",
      SEED_DEMO: "0",
      SESSION_IDLE_MINUTES: "5",
      SESSION_MAX_HOURS: "2",
      COOKIE_SECURE: "1",
      PUBLIC_URL: "https://meridian.example.com",
      LOG_REQUESTS: "0",
      MAX_BODY_BYTES: "1024",
      LOGIN_MAX_FAILURES: "3",
      LOGIN_WINDOW_MINUTES: "10",
      LOGIN_LOCK_MINUTES: "60",
      LOGIN_ADDRESS_MAX_FAILURES: "500",
      LOGIN_ADDRESS_DELAY_SECONDS: "3",
      WEB_DIR: "/srv/web",
      TRUST_PROXY: "1",
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "HR <hr@example.com>",
      ACTIVATION_CODE_DAYS: "3",
      RESET_LINK_MINUTES: "30",
      ESTIMATE_APPROVAL_LINK_DAYS: "3",
      TAX_PROVIDER_GROUP: "Acme",
      FEEDBACK_EMAIL: "feedback@example.com",
      WEATHER_API_URL: "https://api.open-meteo.com/v1/forecast",
      SOCIAL_API_URL: "https://mastodon.social",
      ALLOW_PRIVATE_FETCH: "1",
    });
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://u@db/meridian",
      seedDemo: false,
      session: { idleMinutes: 5, maxHours: 2, secureCookie: true },
      publicUrl: "https://meridian.example.com",
      logRequests: false,
      maxBodyBytes: 1024,
      loginThrottle: { maxFailures: 3, windowMinutes: 10, lockMinutes: 60, addressMaxFailures: 500, addressDelaySeconds: 3 },
      webDir: "/srv/web",
      trustProxy: true,
      smtpUrl: "smtp://127.0.0.1:2525",
      mailFrom: "HR <hr@example.com>",
      activationCodeDays: 3,
      resetLinkMinutes: 30,
      estimateApprovalLinkDays: 3,
      expenseDateWindowDays: 365,
      taxProviderGroup: "acme",
      files: { dir: "./data/files", s3: null },
      feedbackEmail: "feedback@example.com",
      weatherApiUrl: "https://api.open-meteo.com/v1/forecast",
      overview: {
        overpassUrl: "https://overpass-api.de/api/interpreter",
        wikipediaUrl: "https://en.wikipedia.org/api/rest_v1",
        routingUrl: "https://router.project-osrm.org",
        geocoderUrl: "https://nominatim.openstreetmap.org",
        propertyUrl: null,
        propertyApiKey: null,
        staticMapUrl: null,
        tilesUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      },
      socialApiUrl: "https://mastodon.social",
      ecbRatesUrl: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
      providerUserAgent: "Meridian/0.1.0 (https://meridian.example.com)",
      financeAllowUnlockPaidAccount: false,
      socialProviders: [],
      allowPrivateFetch: true,
      linkSigningSecret: null,
    });
  });

  test("COOKIE_SECURE=0 turns Secure off", () => {
    expect(readConfig({ COOKIE_SECURE: "0" }).session.secureCookie).toBe(false);
  });

  test("an empty variable counts as unset, not as zero", () => {
    expect(readConfig({ PORT: "", SESSION_IDLE_MINUTES: " " }).port).toBe(3000);
    expect(readConfig({ PORT: "" }).session.idleMinutes).toBe(30);
  });

  test("unrelated variables are ignored", () => {
    expect(readConfig({ PATH: "/usr/bin", HOME: "/root" }).port).toBe(3000);
  });
});

describe("readConfig: invalid values", () => {
  test.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["SEED_DEMO", "yes"],
    ["SESSION_IDLE_MINUTES", "0"],
    ["SESSION_MAX_HOURS", "-1"],
    ["COOKIE_SECURE", "true"],
    ["PUBLIC_URL", "not a url"],
    ["LOG_REQUESTS", "2"],
    ["MAX_BODY_BYTES", "lots"],
    ["LOGIN_MAX_FAILURES", "0"],
    ["ESTIMATE_APPROVAL_LINK_DAYS", "0"],
    ["ESTIMATE_APPROVAL_LINK_DAYS", "366"],
    ["ESTIMATE_APPROVAL_LINK_DAYS", "1.5"],
    ["TAX_PROVIDER_GROUP", "acme corp"],
    ["TAX_PROVIDER_GROUP", "acme/../x"],
  ])("%s=%p is refused, naming the variable", (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: .*${name}: `));
  });

  test("every problem is listed", () => {
    let message = "";
    try {
      readConfig({ PORT: "x", SEED_DEMO: "x" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toStartWith("Invalid configuration: ");
    expect(message).toContain("PORT: ");
    expect(message).toContain("; SEED_DEMO: ");
  });
});

describe("readConfig: employee files", () => {
  test("FILES_DIR names the local store; S3_URL with its credentials switches to S3 (endpoint and bucket split)", () => {
    expect(readConfig({ FILES_DIR: "/srv/files" }).files).toEqual({ dir: "/srv/files", s3: null });
    expect(
      readConfig({ S3_URL: "http://127.0.0.1:4569/meridian-files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" }).files,
    ).toEqual({
      dir: "./data/files",
      s3: { endpoint: "http://127.0.0.1:4569", bucket: "meridian-files", accessKeyId: "id", secretAccessKey: "secret", region: "us-east-1" },
    });
    expect(
      readConfig({ S3_URL: "https://s3.eu-west-1.amazonaws.com/b/", S3_ACCESS_KEY_ID: "i", S3_SECRET_ACCESS_KEY: "s", S3_REGION: "eu-west-1" }).files.s3,
    ).toEqual({ endpoint: "https://s3.eu-west-1.amazonaws.com", bucket: "b", accessKeyId: "i", secretAccessKey: "s", region: "eu-west-1" });
  });

  test("S3_URL without a bucket, without credentials or not a URL is refused", () => {
    expect(() => readConfig({ S3_URL: "http://127.0.0.1:4569", S3_ACCESS_KEY_ID: "i", S3_SECRET_ACCESS_KEY: "s" })).toThrow(/S3_URL: name the bucket/);
    expect(() => readConfig({ S3_URL: "http://127.0.0.1:4569/b" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => readConfig({ S3_URL: "not a url" })).toThrow(/^Invalid configuration: .*S3_URL: /);
  });
});

describe("configuredTaxProviderGroup", () => {
  test("the group's URL name in lower case, or null when unset, blank or invalid", () => {
    expect(configuredTaxProviderGroup({ TAX_PROVIDER_GROUP: "Acme" })).toBe("acme");
    expect(configuredTaxProviderGroup({ TAX_PROVIDER_GROUP: " globex " })).toBe("globex");
    expect(configuredTaxProviderGroup({})).toBeNull();
    expect(configuredTaxProviderGroup({ TAX_PROVIDER_GROUP: "  " })).toBeNull();
    expect(configuredTaxProviderGroup({ TAX_PROVIDER_GROUP: "acme corp" })).toBeNull();
  });
});

describe("readConfig: social login (issue 23 item 18)", () => {
  test("SOCIAL_PROVIDERS with a secret beside it; a broken list stops the server", () => {
    const providers = JSON.stringify([{ id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "c", groups: ["*"] }]);
    expect(readConfig({ SOCIAL_PROVIDERS: providers, SOCIAL_GOOGLE_CLIENT_SECRET: "s" }).socialProviders).toEqual([
      { id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "c", clientSecret: "s", groups: ["*"] },
    ]);
    expect(() => readConfig({ SOCIAL_PROVIDERS: providers })).toThrow(/^Invalid configuration: SOCIAL_PROVIDERS: provider "google" needs a clientSecret or SOCIAL_GOOGLE_CLIENT_SECRET/);
    expect(() => readConfig({ SOCIAL_PROVIDERS: "{" })).toThrow(/^Invalid configuration: SOCIAL_PROVIDERS: not valid JSON/);
    const local = JSON.stringify([{ id: "local", name: "Local", issuer: "http://127.0.0.1:9400", clientId: "c", clientSecret: "s", groups: ["acme"] }]);
    expect(() => readConfig({ SOCIAL_PROVIDERS: local })).toThrow(/provider "local" needs an https issuer \(http only with ALLOW_PRIVATE_FETCH=1\)/);
    expect(readConfig({ SOCIAL_PROVIDERS: local, ALLOW_PRIVATE_FETCH: "1" }).socialProviders).toHaveLength(1);
  });
});

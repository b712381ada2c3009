import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";
import { encoderNice } from "./modules/media/background-encoder";

describe("parseEnv", () => {
  it("fills the documented defaults (README, Environment)", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      SEED_DEMO: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    // Decided by the terminal at start.
    expect(env.LOG_FORMAT).toBeUndefined();
  });

  it("reads the variables it is given, treating blanks as unset", () => {
    const env = parseEnv({
      PORT: "8080",
      PUBLIC_URL: "https://shop.example.ng/",
      DATABASE_URL: "postgres://u:p@db:5432/furnish",
      WHATSAPP_NUMBER: "2348012345678",
      SEED_DEMO: "false",
      SMTP_URL: "",
      LOG_FORMAT: "json",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: "https://shop.example.ng",
      DATABASE_URL: "postgres://u:p@db:5432/furnish",
      WHATSAPP_NUMBER: "2348012345678",
      SEED_DEMO: false,
      LOG_FORMAT: "json",
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
  });

  it("explains every invalid variable at once, without echoing secrets", () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        WHATSAPP_NUMBER: "+234 801",
        ADMIN_EMAIL: "owner@furnish.ng",
        ADMIN_PASSWORD: "weakpass",
        SEED_DEMO: "yes",
        LOG_FORMAT: "text",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "WHATSAPP_NUMBER", "ADMIN_PASSWORD", "SEED_DEMO", "LOG_FORMAT"]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain("weakpass");
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@furnish.ng" })).toThrow(/set both or neither/);
  });
});

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });

  it('takes "true" or a list of proxy addresses and subnets', () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(parseEnv({ TRUST_PROXY: "192.168.0.0/255.255.0.0" }).TRUST_PROXY).toEqual(["192.168.0.0/255.255.0.0"]);
  });

  it("refuses hop counts and anything that is not an address", () => {
    expect(() => parseEnv({ TRUST_PROXY: "2" })).toThrow(/TRUST_PROXY: a number of hops is not supported/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.local" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0/8" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/8/1" })).toThrow(/TRUST_PROXY/);
  });
});

describe("backups", () => {
  it("go to DATA_DIR/backups, are taken by hand only, and 7 are kept, unless set", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_DIR: "data/backups", BACKUP_KEEP: 7 });
    expect(parseEnv({}).BACKUP_EVERY).toBeUndefined();
    expect(parseEnv({ DATA_DIR: "/srv/furnish" }).BACKUP_DIR).toBe("/srv/furnish/backups");
    expect(parseEnv({ BACKUP_DIR: "/mnt/backups", BACKUP_KEEP: "30" })).toMatchObject({
      BACKUP_DIR: "/mnt/backups",
      BACKUP_KEEP: 30,
    });
  });

  it("read BACKUP_EVERY in minutes, hours or days", () => {
    expect(parseEnv({ BACKUP_EVERY: "30m" }).BACKUP_EVERY).toBe(30);
    expect(parseEnv({ BACKUP_EVERY: "24h" }).BACKUP_EVERY).toBe(1440);
    expect(parseEnv({ BACKUP_EVERY: " 7D " }).BACKUP_EVERY).toBe(7 * 1440);
  });

  it.each([
    ["BACKUP_EVERY", "daily", "must be a duration such as 30m, 6h or 1d (minutes, hours or days)"],
    ["BACKUP_EVERY", "1.5h", "must be a duration such as 30m, 6h or 1d (minutes, hours or days)"],
    ["BACKUP_EVERY", "2m", "must be at least 5m"],
    ["BACKUP_EVERY", "400d", "must be at most 366d"],
    ["BACKUP_KEEP", "0", "must be a whole number from 1 to 1000"],
    ["BACKUP_KEEP", "all", "must be a whole number from 1 to 1000"],
    ["BACKUP_KEEP", "2.5", "must be a whole number from 1 to 1000"],
  ])("refuse %s=%s: %s", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });

  it("reads CATALOG_IMPORT_ALLOWED_HOSTS as host:port pairs, and refuses a host without its port", () => {
    expect(parseEnv({}).CATALOG_IMPORT_ALLOWED_HOSTS).toEqual([]);
    expect(
      parseEnv({ CATALOG_IMPORT_ALLOWED_HOSTS: " Images.Local:8080, 10.0.0.5:443 ,[::1]:9000" })
        .CATALOG_IMPORT_ALLOWED_HOSTS,
    ).toEqual(["images.local:8080", "10.0.0.5:443", "::1:9000"]);
    expect(() => parseEnv({ CATALOG_IMPORT_ALLOWED_HOSTS: "images.local" })).toThrow(
      /CATALOG_IMPORT_ALLOWED_HOSTS: must be a comma-separated list of host:port pairs/,
    );
  });
});

describe("stopping", () => {
  it("gives open requests 20 s to finish unless STOP_GRACE_SECONDS says otherwise, from 1 s to 300 s", () => {
    expect(parseEnv({}).STOP_GRACE_SECONDS).toBe(20);
    expect(parseEnv({ STOP_GRACE_SECONDS: "5" }).STOP_GRACE_SECONDS).toBe(5);
    for (const value of ["0", "301", "1.5", "soon"]) {
      expect(() => parseEnv({ STOP_GRACE_SECONDS: value })).toThrow(
        "STOP_GRACE_SECONDS: must be a whole number of seconds from 1 to 300",
      );
    }
  });
});

describe("the background picture encoder", () => {
  it("runs at the lowest priority, 19, unless PICTURE_ENCODER_NICE names another from 0 to 19", () => {
    expect(parseEnv({}).PICTURE_ENCODER_NICE).toBe(19);
    expect(encoderNice(undefined)).toBe(19);
    expect(encoderNice("")).toBe(19);
    expect(parseEnv({ PICTURE_ENCODER_NICE: "5" }).PICTURE_ENCODER_NICE).toBe(5);
    expect([encoderNice("0"), encoderNice("5"), encoderNice("19")]).toEqual([0, 5, 19]);
    for (const value of ["-1", "20", "1.5", "low"]) {
      expect(encoderNice(value)).toBeNull();
      expect(() => parseEnv({ PICTURE_ENCODER_NICE: value })).toThrow(
        "PICTURE_ENCODER_NICE: must be a whole number from 0 (the app's own priority) to 19 (the lowest)",
      );
    }
  });
});

describe("pictures in a bucket", () => {
  it("stay in DATA_DIR/media unless S3_BUCKET is set, and read the bucket's settings", () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
    expect(
      parseEnv({
        S3_BUCKET: "furnish-pictures",
        S3_REGION: "auto",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://cdn.shop.ng/pictures",
      }),
    ).toMatchObject({
      S3_BUCKET: "furnish-pictures",
      S3_REGION: "auto",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: "https://cdn.shop.ng/pictures",
    });
  });

  it.each([
    ["S3_BUCKET", "My_Pictures", "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens"],
    ["S3_FORCE_PATH_STYLE", "yes", "must be true or false"],
    ["S3_ENDPOINT", "127.0.0.1:9000", "must be an http(s) URL"],
    ["S3_PUBLIC_URL", "cdn.shop.ng", "must be an absolute http(s) URL"],
  ])("refuse %s=%s: %s", (name, value, message) => {
    expect(() => parseEnv({ S3_BUCKET: "furnish-pictures", [name]: value })).toThrow(`${name}: ${message}`);
  });

  it("refuse the bucket's settings without the bucket", () => {
    expect(() => parseEnv({ S3_ENDPOINT: "https://r2.example.com" })).toThrow(
      "S3_ENDPOINT: takes effect only with S3_BUCKET: set the bucket too",
    );
  });
});

/**
 * Where customers pay (docs/product.md, Payments): the shop's bank account and the
 * providers' keys. The keys are sealed with the deployment's SECRETS_KEY before they are
 * stored and opened only for a call to the provider; what any answer shows is whether a
 * key is kept, never the key.
 */
import { eq } from "drizzle-orm";
import type {
  PaymentSettings,
  PaymentSettingsUpdateSchema,
  PayTo,
  ProviderMode,
  ProviderName,
} from "../../../domain/payments/payments.schema";
import { PAYMENT_MESSAGES } from "../../../domain/payments/payments.schema";
import { refuse } from "../../../domain/refusal";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { paymentSettings } from "../../db/schema/payments";
import type { ProviderKeys } from "./providers/provider";
import type { SecretBox } from "./secrets";

type Row = typeof paymentSettings.$inferSelect;
type Update = z.output<typeof PaymentSettingsUpdateSchema>;

async function readRow(db: Database): Promise<Row | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  return row ?? null;
}

export function settingsView(row: Row | null, box: SecretBox | null): PaymentSettings {
  return {
    bank:
      row?.bankName && row.accountName && row.accountNumber
        ? { bankName: row.bankName, accountName: row.accountName, accountNumber: row.accountNumber }
        : null,
    paystack: row?.paystackMode
      ? { mode: row.paystackMode, publicKey: row.paystackPublicKey ?? "", hasSecretKey: !!row.paystackSecret }
      : null,
    flutterwave: row?.flutterwaveMode
      ? { mode: row.flutterwaveMode, hasSecretKey: !!row.flutterwaveSecret, hasSecretHash: !!row.flutterwaveHash }
      : null,
    canKeepKeys: box !== null,
  };
}

export async function readPaymentSettings(db: Database, box: SecretBox | null): Promise<PaymentSettings> {
  return settingsView(await readRow(db), box);
}

/** Saves the parts the update names; a secret left out keeps the one kept. Refuses keys without a SECRETS_KEY. */
export async function updatePaymentSettings(
  db: Database,
  box: SecretBox | null,
  update: Update,
): Promise<PaymentSettings> {
  const wantsKeys = !!update.paystack?.secretKey || !!update.flutterwave?.secretKey || !!update.flutterwave?.secretHash;
  if (wantsKeys && !box) throw refuse("invalid", PAYMENT_MESSAGES.noKey, { secretKey: PAYMENT_MESSAGES.noKey });
  const seal = (secret: string | undefined) => (secret && box ? box.seal(secret) : undefined);
  const set: Partial<typeof paymentSettings.$inferInsert> = {};
  if (update.bank !== undefined) {
    set.bankName = update.bank?.bankName ?? null;
    set.accountName = update.bank?.accountName ?? null;
    set.accountNumber = update.bank?.accountNumber ?? null;
  }
  if (update.paystack !== undefined) {
    if (update.paystack === null) {
      Object.assign(set, { paystackMode: null, paystackPublicKey: null, paystackSecret: null });
    } else {
      set.paystackMode = update.paystack.mode;
      set.paystackPublicKey = update.paystack.publicKey || null;
      const sealed = seal(update.paystack.secretKey);
      if (sealed) set.paystackSecret = sealed;
    }
  }
  if (update.flutterwave !== undefined) {
    if (update.flutterwave === null) {
      Object.assign(set, { flutterwaveMode: null, flutterwaveSecret: null, flutterwaveHash: null });
    } else {
      set.flutterwaveMode = update.flutterwave.mode;
      const secret = seal(update.flutterwave.secretKey);
      if (secret) set.flutterwaveSecret = secret;
      const hash = seal(update.flutterwave.secretHash);
      if (hash) set.flutterwaveHash = hash;
    }
  }
  if (Object.keys(set).length) {
    await db
      .insert(paymentSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: paymentSettings.id, set });
  }
  return readPaymentSettings(db, box);
}

/** A provider ready to take payments: its keys opened, and whether they are test keys. */
export interface ReadyProvider {
  name: ProviderName;
  keys: ProviderKeys;
  mode: ProviderMode;
}

/** The providers whose keys are kept and open under this deployment's key, Paystack first. */
export async function readyProviders(db: Database, box: SecretBox | null): Promise<ReadyProvider[]> {
  return readyOf(await readRow(db), box);
}

function readyOf(row: Row | null, box: SecretBox | null): ReadyProvider[] {
  if (!row || !box) return [];
  const ready: ReadyProvider[] = [];
  const paystackKey = row.paystackSecret ? box.open(row.paystackSecret) : null;
  if (row.paystackMode && paystackKey)
    ready.push({ name: "paystack", mode: row.paystackMode, keys: { secretKey: paystackKey } });
  const flutterwaveKey = row.flutterwaveSecret ? box.open(row.flutterwaveSecret) : null;
  const flutterwaveHash = row.flutterwaveHash ? box.open(row.flutterwaveHash) : null;
  if (row.flutterwaveMode && flutterwaveKey) {
    ready.push({
      name: "flutterwave",
      mode: row.flutterwaveMode,
      keys: { secretKey: flutterwaveKey, secretHash: flutterwaveHash },
    });
  }
  return ready;
}

/** Where a customer can pay: the bank account and the providers ready to take payments. */
export async function payToOf(db: Database, box: SecretBox | null): Promise<PayTo> {
  // One read of the settings' row for both: the tracking page asks on every view.
  const row = await readRow(db);
  return {
    bank: settingsView(row, box).bank,
    online: readyOf(row, box).map(({ name, mode }) => ({ provider: name, testMode: mode === "test" })),
  };
}

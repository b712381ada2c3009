import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../../domain/payments/payments.schema";
import { PaymentSettingsFormSchema, StatusMoveFormSchema } from "./payment-forms";

const bank = { bankName: "Zenith Bank", accountName: "Furnish Ltd", accountNumber: "0123 456 789" };

describe("the payment settings form", () => {
  it("reads a bank account left wholly blank as none, and a provider not sent as unchanged", () => {
    expect(PaymentSettingsFormSchema.parse({ bank: {} })).toEqual({ bank: null });
  });

  it("names each bank field left out when another was typed, and a short account number", () => {
    const result = PaymentSettingsFormSchema.safeParse({ bank: { accountNumber: "12345" } });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      "bank.bankName": PAYMENT_MESSAGES.bankName,
      "bank.accountName": PAYMENT_MESSAGES.accountName,
      "bank.accountNumber": PAYMENT_MESSAGES.accountNumber,
    });
  });

  it("removes a provider set to not used, and keeps a saved secret when the field is empty", () => {
    expect(
      PaymentSettingsFormSchema.parse({
        bank,
        paystack: { mode: "test", publicKey: "pk_test_1" },
        flutterwave: { mode: "off", secretKey: "FLWSECK_TEST-x" },
      }),
    ).toEqual({
      bank: { ...bank, accountNumber: "0123456789" },
      paystack: { mode: "test", publicKey: "pk_test_1", secretKey: undefined },
      flutterwave: null,
    });
  });
});

describe("the status form", () => {
  it("sends the balance's confirmation only with Delivered", () => {
    expect(StatusMoveFormSchema.parse({ status: "delivered", confirmBalance: "on" })).toEqual({
      status: "delivered",
      confirmBalance: true,
    });
    expect(StatusMoveFormSchema.parse({ status: "ready", confirmBalance: "on" })).toEqual({ status: "ready" });
  });

  it("sends a write-off only with Closed, and asks why", () => {
    expect(StatusMoveFormSchema.parse({ status: "in_production", writeOff: { amount: "5000" } })).toEqual({
      status: "in_production",
    });
    expect(
      StatusMoveFormSchema.parse({ status: "closed", writeOff: { amount: "5000", note: "Scratched on delivery" } }),
    ).toEqual({ status: "closed", writeOff: { amount: 5000, note: "Scratched on delivery" } });
    const refused = StatusMoveFormSchema.safeParse({ status: "closed", writeOff: { amount: "5000" } });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["writeOff.note", "Say why the balance is written off."],
    ]);
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_MESSAGES,
  DeliverySettingsSchema,
  type DeliverySettings,
} from "../../../domain/delivery/delivery.schema";
import {
  byLga,
  DELIVERY_FORM_MESSAGES,
  DeliverySettingsFormSchema,
  deliveryFormValues,
  fillTickedFees,
  formErrorsOf,
} from "./delivery-forms";

const LEKKI = "lagos/eti-osa/lekki-phase-1";
const SURULERE = "lagos/surulere";
const IKEJA_GRA = "lagos/ikeja/ikeja-gra";
const WUSE = "fct/abuja-municipal/wuse-2";
const PRODUCT = "7d3c1f7e-1c1a-4b7e-9d55-2f5a3f1e9b10";

/** The form as the browser posts it, blanks left out (Conform reads a blank field as nothing). */
function post(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: DeliverySettingsFormSchema });
}

/** Each message of a refused form, by field name. */
function messagesOf(submission: ReturnType<typeof post>) {
  if (submission.status !== "error") throw new Error("the form should be refused");
  const errors: Record<string, string[] | null> = submission.error ?? {};
  return Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages?.[0]]));
}

const lagosRows = {
  "areas[0].id": "lagos/agege",
  "areas[0].fee": "9000",
  "areas[1].id": LEKKI,
  "areas[1].enabled": "on",
  "areas[1].fee": "30000",
  "areas[2].id": SURULERE,
  "areas[2].enabled": "on",
  "areas[2].fee": "20,000",
  "areas[3].id": IKEJA_GRA,
  "areas[3].enabled": "on",
  "areas[3].fee": "",
};

describe("the delivery settings form", () => {
  it("reads the ticked areas, the other states' kept ones, blank rows as none and the main area as the first with a fee", () => {
    const submission = post({
      ...lagosRows,
      "others[0].id": WUSE,
      "others[0].fee": "45000",
      fallback: "fee",
      fallbackFee: "60000",
      mainAreaId: "",
      "tiers[0].name": "Van",
      "tiers[0].maxVolumeM3": "3",
      "tiers[0].extraFee": "0",
      "tiers[1].name": "",
      "tiers[1].maxVolumeM3": "",
      "tiers[1].extraFee": "",
      "tiers[2].name": "Truck",
      "tiers[2].maxVolumeM3": "",
      "tiers[2].extraFee": "25000",
      floorFee: "5000",
      "installation[0].fee": "",
      "installation[5].fee": "40000",
      "productFees[0].productId": PRODUCT,
      "productFees[0].fee": "15000",
      "sizes[5].width": "200",
      "sizes[5].depth": "65",
      "sizes[5].height": "220",
      "sizes[6].width": "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(DeliverySettingsSchema.parse(submission.value.body)).toEqual({
      mainAreaId: LEKKI,
      // Agege has a fee typed but no tick: it is not delivered to.
      areas: [
        { id: LEKKI, enabled: true, fee: 30000 },
        { id: SURULERE, enabled: true, fee: 20000 },
        { id: IKEJA_GRA, enabled: true, fee: null },
        { id: WUSE, enabled: true, fee: 45000 },
      ],
      fallback: { fee: 60000 },
      tiers: [
        { name: "Van", maxVolumeM3: 3, extraFee: 0 },
        { name: "Truck", maxVolumeM3: null, extraFee: 25000 },
      ],
      floorFee: 5000,
      installation: [
        { category: "Wardrobe", fee: 40000 },
        { productId: PRODUCT, fee: 15000 },
      ],
      defaultSizesCm: { Wardrobe: { width: 200, depth: 65, height: 220 } },
    });
  });

  it("puts each message of the shared schema on the field that holds it", () => {
    const messages = messagesOf(
      post({
        ...lagosRows,
        "areas[3].fee": "-5",
        fallback: "fee",
        fallbackFee: "",
        "tiers[0].name": "",
        "tiers[1].name": "Van",
        "tiers[1].maxVolumeM3": "",
        "tiers[2].name": "Truck",
        "tiers[2].maxVolumeM3": "10",
        "sizes[5].width": "200",
        floorFee: "abc",
      }),
    );
    expect(messages).toEqual({
      "areas[3].fee": DELIVERY_MESSAGES.fee,
      fallbackFee: DELIVERY_MESSAGES.fallbackFee,
      tiers: DELIVERY_MESSAGES.tierOrder,
      floorFee: DELIVERY_MESSAGES.floorFee,
      "sizes[5].depth": DELIVERY_MESSAGES.size,
      "sizes[5].height": DELIVERY_MESSAGES.size,
    });
  });

  it("refuses a main area that is not ticked", () => {
    expect(messagesOf(post({ ...lagosRows, mainAreaId: "lagos/agege" }))).toEqual({
      mainAreaId: DELIVERY_MESSAGES.mainArea,
    });
  });

  it("names a vehicle row with a load but no name, counting the blank rows before it", () => {
    expect(messagesOf(post({ "tiers[1].maxVolumeM3": "3" }))).toEqual({ "tiers[1].name": DELIVERY_MESSAGES.tierName });
  });

  it("puts the door's refusals, keyed by the body, on the form's fields", () => {
    const submission = post({
      ...lagosRows,
      "others[0].id": WUSE,
      "productFees[0].productId": PRODUCT,
      "productFees[0].fee": "1",
    });
    if (submission.status !== "success") throw new Error("the form should read");
    expect(
      formErrorsOf(
        {
          "areas.1.fee": "Too much.",
          "areas.3.id": "We do not know the area.",
          "installation.0.productId": "That product is not in the catalogue.",
          mainAreaId: "Not that one.",
          request: "Something else.",
        },
        submission.value.fieldOf,
      ),
    ).toEqual({
      "areas[2].fee": ["Too much."],
      "others[0].id": ["We do not know the area."],
      "productFees[0].productId": ["That product is not in the catalogue."],
      mainAreaId: ["Not that one."],
    });
  });

  it("starts from the saved prices, and reads them back unchanged", () => {
    const settings: DeliverySettings = {
      mainAreaId: SURULERE,
      areas: [
        { id: SURULERE, enabled: true, fee: 20000 },
        { id: IKEJA_GRA, enabled: true, fee: null },
      ],
      fallback: "on_request",
      tiers: [{ name: "Van", maxVolumeM3: 3, extraFee: 0 }],
      floorFee: 5000,
      installation: [{ category: "Wardrobe", fee: 40000 }],
      defaultSizesCm: { Carpet: { width: 300, depth: 40, height: 40 } },
    };
    const values = deliveryFormValues(settings, [{ id: "lagos/agege" }, { id: IKEJA_GRA }, { id: SURULERE }]);
    expect(values.areas).toEqual([
      { id: "lagos/agege", enabled: "", fee: "" },
      { id: IKEJA_GRA, enabled: "on", fee: "" },
      { id: SURULERE, enabled: "on", fee: "20000" },
    ]);
    // The saved vehicle and blank rows after it.
    expect(values.tiers).toHaveLength(3);
    const flat: Record<string, string> = {};
    const walk = (value: unknown, name: string) => {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${name}[${index}]`));
      else if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value)) walk(inner, name ? `${name}.${key}` : key);
      else if (typeof value === "string" && value !== "") flat[name] = value;
    };
    walk(values, "");
    const submission = post(flat);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const { areas, ...rest } = DeliverySettingsSchema.parse(submission.value.body);
    expect({ ...rest, areas: [...areas].sort((a, b) => a.id.localeCompare(b.id)) }).toEqual({
      ...settings,
      areas: [...settings.areas].sort((a, b) => a.id.localeCompare(b.id)),
    });
  });
});

describe("Set price for selected, without scripts", () => {
  const form = (bulkFee: string, ticked = true) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(lagosRows)) {
      if (!ticked && name.endsWith(".enabled")) continue;
      formData.append(name, value);
    }
    formData.append("bulkFee", bulkFee);
    formData.append("intent", "set-price");
    return formData;
  };

  it("gives every ticked area the price, and only those", () => {
    const fill = fillTickedFees(form("25000"));
    if ("error" in fill) throw new Error(fill.error);
    expect(fill.filled).toBe(3);
    expect(fill.formData.get("areas[0].fee")).toBe("9000");
    for (const row of [1, 2, 3]) expect(fill.formData.get(`areas[${row}].fee`)).toBe("25000");
    expect(fill.formData.has("intent")).toBe(false);
  });

  it("refuses a price that does not read, and a price for no area", () => {
    expect(fillTickedFees(form("-1"))).toEqual({ error: DELIVERY_MESSAGES.fee });
    expect(fillTickedFees(form("25000", false))).toEqual({ error: DELIVERY_FORM_MESSAGES.noneTicked });
  });
});

describe("a state's areas", () => {
  it("are listed by LGA, each LGA before its districts", () => {
    const areas = [
      { id: "lagos/ikeja/opebi", name: "Opebi", lga: "Ikeja" },
      { id: "lagos/surulere", name: "Surulere", lga: "Surulere" },
      { id: "lagos/eti-osa/ikoyi", name: "Ikoyi", lga: "Eti-Osa" },
      { id: "lagos/ikeja", name: "Ikeja", lga: "Ikeja" },
      { id: "lagos/eti-osa", name: "Eti-Osa", lga: "Eti-Osa" },
      { id: "lagos/ikeja/alausa", name: "Alausa", lga: "Ikeja" },
    ];
    expect(byLga(areas).map((area) => area.name)).toEqual(["Eti-Osa", "Ikoyi", "Ikeja", "Alausa", "Opebi", "Surulere"]);
  });
});

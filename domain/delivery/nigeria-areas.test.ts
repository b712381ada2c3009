import { describe, expect, it } from "vitest";
import { normaliseAreaText } from "./area-search";
import shippedIds from "./nigeria-area-ids.json";
import { DELIVERY_AREAS, type DeliveryArea } from "./nigeria-areas";
import { NIGERIA_STATES, STATE_CODES } from "./nigeria-states";

const LGA_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  "Akwa Ibom": 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  "Cross River": 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  FCT: 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
};

const isLga = (area: DeliveryArea) => area.id.split("/").length === 2;
const lgas = DELIVERY_AREAS.filter(isLga);
const districts = DELIVERY_AREAS.filter((area) => !isLga(area));

function find(state: string, name: string): DeliveryArea | undefined {
  return DELIVERY_AREAS.find((area) => area.state === state && area.name === name);
}

describe("Nigeria's states", () => {
  it("are the 36 states and the FCT, in alphabetical order", () => {
    expect(NIGERIA_STATES).toHaveLength(37);
    expect(NIGERIA_STATES).toContain("FCT");
    expect(NIGERIA_STATES).toContain("Lagos");
    expect(new Set(NIGERIA_STATES).size).toBe(37);
    expect([...NIGERIA_STATES].sort((a, b) => a.localeCompare(b))).toEqual(NIGERIA_STATES);
    expect(Object.keys(LGA_COUNTS).sort()).toEqual([...NIGERIA_STATES].sort());
  });

  it("each have areas, and no area is in a state outside the list", () => {
    expect(new Set(DELIVERY_AREAS.map((area) => area.state))).toEqual(new Set(NIGERIA_STATES));
  });
});

describe("local government areas", () => {
  it("number 774 in all, the FCT's six area councils included", () => {
    expect(lgas).toHaveLength(774);
  });

  it.each(Object.entries(LGA_COUNTS))("%s has %i", (state, count) => {
    expect(lgas.filter((area) => area.state === state)).toHaveLength(count);
  });

  it("are their own LGA", () => {
    for (const area of lgas) expect(area.lga).toBe(area.name);
  });

  it("use the common spellings, with the other ones as variants", () => {
    expect(find("Lagos", "Eti-Osa")?.id).toBe("lagos/eti-osa");
    expect(find("Lagos", "Ibeju-Lekki")).toBeDefined();
    expect(find("Lagos", "Amuwo-Odofin")).toBeDefined();
    expect(find("Lagos", "Shomolu")?.variants).toContain("Somolu");
    expect(find("Rivers", "Obio/Akpor")?.id).toBe("rivers/obio-akpor");
    expect(find("Rivers", "Port Harcourt")).toBeDefined();
    expect(find("FCT", "Abuja Municipal")?.variants).toContain("AMAC");
  });
});

describe("every area", () => {
  it("has a unique lowercase kebab id: state/lga, or state/lga/district", () => {
    const ids = DELIVERY_AREAS.map((area) => area.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*){1,2}$/);
  });

  it("keeps every id ever shipped, and every id is recorded as shipped", () => {
    // An id is kept in saved addresses and orders: a renamed area keeps its old id, and a
    // new area's id is added to nigeria-area-ids.json when it ships.
    expect(DELIVERY_AREAS.map((area) => area.id)).toEqual(shippedIds);
  });

  it("has a name and variants without stray spaces", () => {
    for (const area of DELIVERY_AREAS) {
      for (const text of [area.name, ...area.variants]) {
        expect(text).not.toBe("");
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\s{2}/);
      }
    }
  });

  it("is told apart from the other areas of its state by name and by every variant", () => {
    for (const state of NIGERIA_STATES) {
      const owners = new Map<string, string>();
      const names = new Set<string>();
      for (const area of DELIVERY_AREAS.filter((candidate) => candidate.state === state)) {
        const lowerName = area.name.toLowerCase();
        expect(names.has(lowerName), `${state}: two areas named ${area.name}`).toBe(false);
        names.add(lowerName);
        for (const text of new Set([area.name, ...area.variants].map(normaliseAreaText))) {
          const owner = owners.get(text);
          expect(owner, `${state}: "${text}" names both ${owner} and ${area.id}`).toBeUndefined();
          owners.set(text, area.id);
        }
      }
    }
  });
});

describe("districts", () => {
  it("each lie in an LGA of their own state, under that LGA's id", () => {
    for (const district of districts) {
      const lga = find(district.state, district.lga);
      expect(lga && isLga(lga), `${district.id}: no LGA ${district.lga} in ${district.state}`).toBe(true);
      expect(district.id.startsWith(`${lga?.id}/`)).toBe(true);
    }
  });

  it("cover Lagos, Abuja and Port Harcourt", () => {
    const count = (state: string) => districts.filter((area) => area.state === state).length;
    expect(count("Lagos")).toBeGreaterThanOrEqual(60);
    expect(count("FCT")).toBeGreaterThanOrEqual(35);
    expect(
      districts.filter((area) => ["Port Harcourt", "Obio/Akpor"].includes(area.lga)).length,
    ).toBeGreaterThanOrEqual(25);
  });

  it.each([
    ["Lagos", "Lekki Phase 1", "Eti-Osa", "lagos/eti-osa/lekki-phase-1"],
    ["Lagos", "Victoria Island", "Eti-Osa", "lagos/eti-osa/victoria-island"],
    ["Lagos", "Ikeja GRA", "Ikeja", "lagos/ikeja/ikeja-gra"],
    ["Lagos", "Festac Town", "Amuwo-Odofin", "lagos/amuwo-odofin/festac-town"],
    ["Lagos", "Yaba", "Lagos Mainland", "lagos/lagos-mainland/yaba"],
    ["FCT", "Wuse 2", "Abuja Municipal", "fct/abuja-municipal/wuse-2"],
    ["FCT", "Kubwa", "Bwari", "fct/bwari/kubwa"],
    ["Rivers", "GRA Phase 2", "Port Harcourt", "rivers/port-harcourt/gra-phase-2"],
    ["Rivers", "Rumuokoro", "Obio/Akpor", "rivers/obio-akpor/rumuokoro"],
    ["Rivers", "Aluu", "Ikwerre", "rivers/ikwerre/aluu"],
  ])("%s: %s is in %s", (state, name, lga, id) => {
    const area = find(state, name);
    expect(area?.lga).toBe(lga);
    expect(area?.id).toBe(id);
  });

  it("carry the spellings people type", () => {
    expect(find("Lagos", "Lekki Phase 1")?.variants).toEqual(expect.arrayContaining(["Lekki Phase One", "Lekki Ph 1"]));
    expect(find("Lagos", "Victoria Island")?.variants).toContain("VI");
    expect(find("Lagos", "Festac Town")?.variants).toContain("Festac");
    expect(find("FCT", "Wuse 2")?.variants).toContain("Wuse II");
    expect(find("FCT", "Central Business District")?.variants).toContain("CBD");
    expect(find("Rivers", "GRA Phase 2")?.variants).toEqual(expect.arrayContaining(["GRA 2", "GRA Phase II"]));
  });

  it("put Mararaba in Nasarawa State's Karu, not in the FCT", () => {
    expect(find("Nasarawa", "Mararaba")?.lga).toBe("Karu");
    expect(find("FCT", "Mararaba")).toBeUndefined();
  });
});

describe("the states' codes", () => {
  it("name every state and the FCT once, by its ISO 3166-2 code", () => {
    expect(NIGERIA_STATES).toEqual([...NIGERIA_STATES].sort());
    const codes = Object.values(STATE_CODES);
    expect(new Set(codes).size).toBe(37);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(STATE_CODES.Lagos).toBe("LA");
    expect(STATE_CODES.FCT).toBe("FC");
    expect(STATE_CODES.Rivers).toBe("RI");
  });
});

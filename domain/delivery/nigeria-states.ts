/**
 * Nigeria's 36 states and the FCT, by name, each with its ISO 3166-2 code ("LA" for Lagos,
 * "FC" for the FCT), as search engines and product feeds name a region: small enough for
 * any page (the owner's state picker), unlike the areas themselves (nigeria-areas.ts),
 * which only the server reads.
 */

export const STATE_CODES: Readonly<Record<string, string>> = {
  Abia: "AB",
  Adamawa: "AD",
  "Akwa Ibom": "AK",
  Anambra: "AN",
  Bauchi: "BA",
  Bayelsa: "BY",
  Benue: "BE",
  Borno: "BO",
  "Cross River": "CR",
  Delta: "DE",
  Ebonyi: "EB",
  Edo: "ED",
  Ekiti: "EK",
  Enugu: "EN",
  FCT: "FC",
  Gombe: "GO",
  Imo: "IM",
  Jigawa: "JI",
  Kaduna: "KD",
  Kano: "KN",
  Katsina: "KT",
  Kebbi: "KE",
  Kogi: "KO",
  Kwara: "KW",
  Lagos: "LA",
  Nasarawa: "NA",
  Niger: "NI",
  Ogun: "OG",
  Ondo: "ON",
  Osun: "OS",
  Oyo: "OY",
  Plateau: "PL",
  Rivers: "RI",
  Sokoto: "SO",
  Taraba: "TA",
  Yobe: "YO",
  Zamfara: "ZA",
};

/** The 36 states and the FCT, in alphabetical order (the FCT under F). */
export const NIGERIA_STATES: readonly string[] = Object.keys(STATE_CODES);

/**
 * The admin forms post their fields and chosen pictures as one multipart form. These read
 * such a form into what the shared schemas and the admin API take: flags as booleans,
 * lists as lists, a chosen file as a "data:image/…;base64,…" image.
 */

/** A file input left empty still posts one nameless, empty file. */
const isEmptyFile = (value: File) => value.size === 0 && value.name === "";

/** The form with every chosen file replaced by what `read` makes of it; empty file inputs dropped. */
async function mapFiles(formData: FormData, read: (file: File) => string | Promise<string>): Promise<FormData> {
  const mapped = new FormData();
  for (const [name, value] of formData) {
    if (typeof value === "string") mapped.append(name, value);
    else if (!isEmptyFile(value)) mapped.append(name, await read(value));
  }
  return mapped;
}

const dataPrefix = (file: File) => `data:${file.type || "application/octet-stream"};base64,`;

/**
 * For the checks in the browser: a chosen file stands as an image of its kind (its bytes
 * are the server's to read and verify). Synchronous, as the form's checks are.
 */
export function withFilesAsImages(formData: FormData): FormData {
  const mapped = new FormData();
  for (const [name, value] of formData) {
    if (typeof value === "string") mapped.append(name, value);
    else if (!isEmptyFile(value)) mapped.append(name, dataPrefix(value));
  }
  return mapped;
}

function base64(bytes: Uint8Array): string {
  let text = "";
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** For the server: every chosen file as the data string the image service reads and verifies. */
export function withFilesRead(formData: FormData): Promise<FormData> {
  return mapFiles(formData, async (file) => dataPrefix(file) + base64(new Uint8Array(await file.arrayBuffer())));
}

/** A picture the form keeps: its own address, which the schemas read as that stored image. */
export const keptImageValue = (publicId: string) => `/media/${publicId}/`;

/**
 * The form as the API's JSON body: `flags` are true when ticked and false otherwise,
 * `lists` hold every value posted under their name, everything else its one text.
 */
export function formBody(
  formData: FormData,
  { flags = [], lists = [] }: { flags?: readonly string[]; lists?: readonly string[] },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of new Set(formData.keys())) {
    if (flags.includes(name) || lists.includes(name)) continue;
    const value = formData.get(name);
    if (typeof value === "string") body[name] = value;
  }
  for (const name of flags) body[name] = formData.get(name) === "on";
  for (const name of lists) body[name] = formData.getAll(name).filter((value) => typeof value === "string");
  return body;
}

/** The last text posted under `name` (a new picture's file follows the kept one it replaces), or "". */
const lastText = (formData: FormData, name: string) =>
  formData
    .getAll(name)
    .filter((value) => typeof value === "string")
    .at(-1) ?? "";

/**
 * The furniture fields of the product and collection forms (dimensions.width,
 * availability.kind, options[0].name…) back into their groups and list, as the API takes them.
 */
export function furnitureBody(formData: FormData, { options }: { options: boolean }): Record<string, unknown> {
  // A group none of whose fields were posted is left out, so an update keeps what is stored.
  const group = (name: string, keys: readonly string[]) =>
    keys.some((key) => formData.has(`${name}.${key}`))
      ? { [name]: Object.fromEntries(keys.map((key) => [key, lastText(formData, `${name}.${key}`)])) }
      : {};
  const rows: Array<Record<string, unknown>> = [];
  for (let index = 0; formData.has(`options[${index}].name`); index += 1) {
    const field = (key: string) => lastText(formData, `options[${index}].${key}`);
    rows.push({
      _id: field("_id") || null,
      name: field("name"),
      image: field("image") || null,
      // Every photo posted, kept ones and new ones; none posted is none kept.
      images: formData.getAll(`options[${index}].images`).filter((value) => typeof value === "string" && value),
      priceDifference: field("priceDifference"),
    });
  }
  return {
    ...(formData.has("materials") ? { materials: lastText(formData, "materials") } : {}),
    ...group("availability", ["kind", "weeksFrom", "weeksTo"]),
    ...(options ? { ...group("dimensions", ["width", "depth", "height", "seatHeight"]), options: rows } : {}),
  };
}

/**
 * What the admin Settings page may do, in process: read the settings as the form starts
 * from them, and save any subset. Both check on the server that an admin is signed in,
 * as GET and PUT /api/admin/operations/settings do; a refused save throws
 * `{ statusCode, message, errors }` as the API's 4xx does.
 */
import type { ShopSettings, ShopSettingsUpdateInput } from "./shop-settings.schema";

export interface SettingsActions {
  get(): Promise<ShopSettings>;
  update(body: ShopSettingsUpdateInput): Promise<ShopSettings>;
}

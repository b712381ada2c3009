/**
 * The search parameter that asks a ConfirmDialog's question without scripts
 * (`?confirm=<name>`). Its own module, so the forms that only need its name (BackField,
 * on every page) do not ship the dialog.
 */
export const CONFIRM_PARAM = "confirm";

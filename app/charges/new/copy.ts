/** Shown under the page's title, by the page and by its loading state alike. */
export const NEW_CHARGE_DESCRIPTION = "The customer's wallet is charged once, however many times the button is pressed.";

// What the browser sees of a customer: the number whole or masked for the member asking.
export type CustomerView = {
  id: string;
  name: string;
  phoneNumber: string;
  phoneMasked: boolean;
  provider: string;
  reference: string | null;
  /** Where a pay link may be emailed, for a member who sees the number whole; `hasEmail` says whether there is one. */
  email: string | null;
  hasEmail: boolean;
  note: string;
  createdAt: string;
};

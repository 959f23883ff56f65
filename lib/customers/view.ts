// What the browser sees of a customer: the number whole or masked for the member asking.
export type CustomerView = {
  id: string;
  name: string;
  phoneNumber: string;
  phoneMasked: boolean;
  provider: string;
  reference: string | null;
  note: string;
  createdAt: string;
};

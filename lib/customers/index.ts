// What other features may use of lib/customers/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { customersByPhone, getCustomer } from "./queries";
export { chargeAgainOf, customerOfCharge, directoryPage } from "./directory";
